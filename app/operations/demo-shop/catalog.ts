import type { Motif } from './images.js'

/** One sellable choice of a demo product: its option value, price, stock and the colour of its picture. */
export interface DemoVariant {
  value: string
  price: string
  compareAtPrice?: string
  stock: number
  colour: string
}

/** A product of the demo shop: English texts, their French translation, one option whose values are the variants. */
export interface DemoProduct {
  handle: string
  title: string
  description: string
  vendor: string
  /** `home` puts it in the smart "Home & Living" collection. */
  tags: string[]
  seoDescription: string
  option: string
  variants: DemoVariant[]
  motif: Motif
  fr: { title: string; description: string }
}

const VENDOR = 'Demo Goods Co.'

/** Eight products across apparel, accessories and home, each with two or three variants. */
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    handle: 'classic-cotton-tee',
    title: 'Classic Cotton Tee',
    description:
      'A heavyweight organic cotton T-shirt with a relaxed fit and a ribbed collar that keeps its shape wash after wash.',
    vendor: VENDOR,
    tags: ['apparel', 'cotton'],
    seoDescription: 'Heavyweight organic cotton T-shirt in three colours. Relaxed fit, ribbed collar.',
    option: 'Colour',
    variants: [
      { value: 'Sand', price: '24.00', stock: 40, colour: '#d8c3a5' },
      { value: 'Navy', price: '24.00', stock: 32, colour: '#2b3a55' },
      { value: 'Forest', price: '24.00', stock: 12, colour: '#3c6e47' },
    ],
    motif: 'tee',
    fr: {
      title: 'T-shirt classique en coton',
      description:
        'Un T-shirt épais en coton biologique, coupe décontractée, col côtelé qui garde sa forme lavage après lavage.',
    },
  },
  {
    handle: 'merino-crew-sweater',
    title: 'Merino Crew Sweater',
    description: 'Fine-knit merino wool that is warm without bulk, breathes on milder days and never itches.',
    vendor: VENDOR,
    tags: ['apparel', 'wool'],
    seoDescription: 'Fine-knit merino wool crew-neck sweater: warm, light and soft. Sizes S to L.',
    option: 'Size',
    variants: [
      { value: 'S', price: '89.00', compareAtPrice: '110.00', stock: 8, colour: '#8c5e58' },
      { value: 'M', price: '89.00', compareAtPrice: '110.00', stock: 14, colour: '#8c5e58' },
      { value: 'L', price: '89.00', compareAtPrice: '110.00', stock: 6, colour: '#8c5e58' },
    ],
    motif: 'sweater',
    fr: {
      title: 'Pull col rond en mérinos',
      description: 'Une laine mérinos en maille fine, chaude sans épaisseur, respirante et jamais irritante.',
    },
  },
  {
    handle: 'wool-beanie',
    title: 'Wool Beanie',
    description: 'A rib-knit beanie in soft lambswool with a deep turn-up for cold mornings.',
    vendor: VENDOR,
    tags: ['apparel', 'accessories', 'wool'],
    seoDescription: 'Rib-knit lambswool beanie with a deep turn-up, in charcoal or mustard.',
    option: 'Colour',
    variants: [
      { value: 'Charcoal', price: '27.00', stock: 25, colour: '#44474d' },
      { value: 'Mustard', price: '27.00', stock: 18, colour: '#d4a024' },
    ],
    motif: 'beanie',
    fr: {
      title: 'Bonnet en laine',
      description: "Un bonnet en maille côtelée d'agneau, avec un large revers pour les matins froids.",
    },
  },
  {
    handle: 'canvas-tote-bag',
    title: 'Canvas Tote Bag',
    description: 'Sturdy cotton canvas with long handles and an inside pocket: groceries, books, a laptop.',
    vendor: VENDOR,
    tags: ['accessories'],
    seoDescription: 'Sturdy cotton canvas tote bag with long handles and an inside pocket.',
    option: 'Colour',
    variants: [
      { value: 'Natural', price: '29.00', stock: 50, colour: '#e9dcc3' },
      { value: 'Black', price: '29.00', stock: 30, colour: '#26262b' },
    ],
    motif: 'tote',
    fr: {
      title: 'Sac cabas en toile',
      description: 'Une toile de coton solide, de longues anses et une poche intérieure : courses, livres, ordinateur.',
    },
  },
  {
    handle: 'ceramic-mug',
    title: 'Ceramic Mug',
    description: 'Stoneware mug glazed by hand, so no two are quite alike. Dishwasher and microwave safe.',
    vendor: VENDOR,
    tags: ['home', 'kitchen'],
    seoDescription: 'Hand-glazed stoneware mug in two sizes. Dishwasher and microwave safe.',
    option: 'Size',
    variants: [
      { value: '250 ml', price: '16.00', stock: 60, colour: '#6b9ac4' },
      { value: '350 ml', price: '19.00', stock: 45, colour: '#4f7cac' },
    ],
    motif: 'mug',
    fr: {
      title: 'Tasse en céramique',
      description:
        'Une tasse en grès émaillée à la main, chacune un peu différente. Va au lave-vaisselle et au micro-ondes.',
    },
  },
  {
    handle: 'linen-throw-pillow',
    title: 'Linen Throw Pillow',
    description: 'Washed linen cover with a feather insert and a hidden zip, 45 × 45 cm.',
    vendor: VENDOR,
    tags: ['home', 'linen'],
    seoDescription: 'Washed linen throw pillow, 45 × 45 cm, feather insert, in oat, terracotta or sage.',
    option: 'Colour',
    variants: [
      { value: 'Oat', price: '39.00', stock: 20, colour: '#cbb994' },
      { value: 'Terracotta', price: '39.00', stock: 16, colour: '#c0643f' },
      { value: 'Sage', price: '39.00', stock: 0, colour: '#9caf88' },
    ],
    motif: 'pillow',
    fr: {
      title: 'Coussin en lin',
      description: 'Une housse en lin lavé, un garnissage en plumes et une fermeture cachée, 45 × 45 cm.',
    },
  },
  {
    handle: 'soy-candle',
    title: 'Scented Soy Candle',
    description: 'Hand-poured soy wax in a reusable glass jar; about 45 hours of clean, slow burn.',
    vendor: VENDOR,
    tags: ['home', 'gift'],
    seoDescription: 'Hand-poured soy wax candle, about 45 hours of burn, in cedar, fig or sea salt.',
    option: 'Scent',
    variants: [
      { value: 'Cedar', price: '22.00', stock: 35, colour: '#7a5c3e' },
      { value: 'Fig', price: '22.00', stock: 28, colour: '#7b4b6a' },
      { value: 'Sea Salt', price: '22.00', stock: 22, colour: '#8fb8c9' },
    ],
    motif: 'candle',
    fr: {
      title: 'Bougie parfumée à la cire de soja',
      description:
        'Cire de soja coulée à la main dans un pot en verre réutilisable ; environ 45 heures de combustion lente.',
    },
  },
  {
    handle: 'enamel-pin-set',
    title: 'Enamel Pin Set',
    description: 'Two hard-enamel pins with rubber backs, for jackets, bags and lanyards.',
    vendor: VENDOR,
    tags: ['accessories', 'gift'],
    seoDescription: 'A set of two hard-enamel pins with rubber backs, mountains or waves.',
    option: 'Style',
    variants: [
      { value: 'Mountains', price: '12.00', stock: 70, colour: '#5b7065' },
      { value: 'Waves', price: '12.00', stock: 64, colour: '#2f6f9f' },
    ],
    motif: 'pin',
    fr: {
      title: "Set de pin's en émail",
      description: "Deux pin's en émail dur avec attaches en caoutchouc, pour vestes, sacs et tours de cou.",
    },
  },
]

/** The handles of the products the home page shows. */
export const FEATURED_HANDLES = ['classic-cotton-tee', 'merino-crew-sweater', 'ceramic-mug', 'soy-candle']
/** The handles of the manual "Apparel" collection, in order. */
export const APPAREL_HANDLES = ['classic-cotton-tee', 'merino-crew-sweater', 'wool-beanie']
