import { blogCreate } from '../../../domain/webstore/blog/definitions.js'
import { collectionCreate, collectionProductsAdd } from '../../../domain/webstore/collection/definitions.js'
import type { MenuLink } from '../../../domain/webstore/menu/links.js'
import { menuCreate, menuItemAdd } from '../../../domain/webstore/menu/definitions.js'
import { pageCreate } from '../../../domain/webstore/page/definitions.js'
import { postCreate } from '../../../domain/webstore/post/definitions.js'
import { APPAREL_HANDLES, FEATURED_HANDLES } from './catalog.js'
import type { SeededProduct } from './products.js'
import type { DemoSeeder } from './seeder.js'

/** The English texts of the web store content and their French translation. */
export const WEBSTORE_TEXTS = {
  featured: { en: 'Featured', fr: 'Coups de cœur' },
  apparel: { en: 'Apparel', fr: 'Vêtements' },
  home: { en: 'Home & Living', fr: 'Maison' },
  about: { en: 'About us', fr: 'À propos' },
  aboutBody: {
    en: '<p>Demo Store is a small shop of everyday goods made to last: organic cotton, merino, linen and hand-glazed stoneware.</p><p>This shop was created on an empty data directory so you can look around. Change anything: every product, collection, menu and page here was made through the same commands your integrations use.</p>',
    fr: "<p>Demo Store est une petite boutique d'objets du quotidien faits pour durer : coton biologique, mérinos, lin et grès émaillé à la main.</p><p>Cette boutique a été créée sur un répertoire de données vide pour que vous puissiez la découvrir. Modifiez tout : chaque produit, collection, menu et page a été créé avec les mêmes commandes que vos intégrations.</p>",
  },
  news: { en: 'News', fr: 'Actualités' },
  post: { en: 'Welcome to the Demo Store', fr: 'Bienvenue dans la boutique de démonstration' },
  postExcerpt: {
    en: 'Our shop is open: eight products to start with, more every season.',
    fr: 'Notre boutique est ouverte : huit produits pour commencer, et plus à chaque saison.',
  },
  homeLink: { en: 'Home', fr: 'Accueil' },
  shopAll: { en: 'Shop all', fr: 'Toute la boutique' },
} as const

/** What the menus and translations need to know about the content. */
export interface SeededContent {
  collectionIds: string[]
  pageId: string
  blogId: string
  postId: string
  menuIds: string[]
}

async function seedCollections(seed: DemoSeeder, products: Map<string, SeededProduct>) {
  const ids = (handles: readonly string[]) => handles.map((handle) => products.get(handle)!.id)
  const banner = await seed.image('banner', '#b5838d', 'featured.webp', 'Featured products of the Demo Store')
  const featured = await seed.run(collectionCreate, {
    title: WEBSTORE_TEXTS.featured.en,
    handle: 'featured',
    description: '<p>Our favourites this season, hand-picked for the home page.</p>',
    imageId: banner,
    status: 'PUBLISHED',
    type: 'MANUAL',
    sortOrder: 'MANUAL',
    seo: { title: 'Featured products | Demo Store', description: 'Our favourite products this season.' },
  })
  await seed.run(collectionProductsAdd, { collectionId: featured.entityId, productIds: ids(FEATURED_HANDLES) })
  const apparel = await seed.run(collectionCreate, {
    title: WEBSTORE_TEXTS.apparel.en,
    handle: 'apparel',
    description: '<p>Tees, knits and hats in natural fibres.</p>',
    imageId: products.get(APPAREL_HANDLES[0]!)!.imageId,
    status: 'PUBLISHED',
    type: 'MANUAL',
    sortOrder: 'MANUAL',
  })
  await seed.run(collectionProductsAdd, { collectionId: apparel.entityId, productIds: ids(APPAREL_HANDLES) })
  // A smart collection: every product tagged "home", now and later.
  const home = await seed.run(collectionCreate, {
    title: WEBSTORE_TEXTS.home.en,
    handle: 'home-living',
    description: '<p>Mugs, cushions and candles for a slower evening.</p>',
    imageId: products.get('linen-throw-pillow')!.imageId,
    status: 'PUBLISHED',
    rules: [{ field: 'TAG', relation: 'EQUALS', value: 'home' }],
    sortOrder: 'TITLE_ASC',
  })
  return { featured: featured.entityId, apparel: apparel.entityId, home: home.entityId }
}

async function seedMenu(seed: DemoSeeder, title: string, handle: string, items: [string, MenuLink][]) {
  const menu = await seed.run(menuCreate, { title, handle })
  for (const [itemTitle, link] of items) await seed.run(menuItemAdd, { menuId: menu.entityId, title: itemTitle, link })
  return menu.entityId
}

const to = (type: MenuLink['type'], resourceId: string): MenuLink => ({ type, resourceId, url: null })
const HOME: MenuLink = { type: 'HOME', url: null, resourceId: null }

/** Collections (one "featured" for the home page), the About page, the News blog with a post, and the two menus. */
export async function seedWebstore(seed: DemoSeeder, products: Map<string, SeededProduct>): Promise<SeededContent> {
  const collections = await seedCollections(seed, products)
  const page = await seed.run(pageCreate, {
    title: WEBSTORE_TEXTS.about.en,
    handle: 'about-us',
    body: WEBSTORE_TEXTS.aboutBody.en,
    status: 'PUBLISHED',
    seo: { title: 'About us | Demo Store', description: 'Who we are and what we make.' },
  })
  const blog = await seed.run(blogCreate, { title: WEBSTORE_TEXTS.news.en, handle: 'news' })
  const cover = await seed.image('journal', '#6d597a', 'welcome.webp', 'A notebook on a violet background')
  const post = await seed.run(postCreate, {
    blogId: blog.entityId,
    title: WEBSTORE_TEXTS.post.en,
    handle: 'welcome',
    excerpt: WEBSTORE_TEXTS.postExcerpt.en,
    body: '<p>We opened with eight products we use every day ourselves. Have a look at the <a href="/collections/featured">featured collection</a>, or read <a href="/pages/about-us">about us</a>.</p>',
    author: 'The Demo Store team',
    tags: ['announcements'],
    coverMediaId: cover,
    status: 'PUBLISHED',
  })
  const main = await seedMenu(seed, 'Main menu', 'main-menu', [
    [WEBSTORE_TEXTS.homeLink.en, HOME],
    [WEBSTORE_TEXTS.shopAll.en, { type: 'URL', url: '/collections/all', resourceId: null }],
    [WEBSTORE_TEXTS.apparel.en, to('COLLECTION', collections.apparel)],
    [WEBSTORE_TEXTS.home.en, to('COLLECTION', collections.home)],
    [WEBSTORE_TEXTS.news.en, to('BLOG', blog.entityId)],
    [WEBSTORE_TEXTS.about.en, to('PAGE', page.entityId)],
  ])
  const footer = await seedMenu(seed, 'Footer', 'footer', [
    [WEBSTORE_TEXTS.homeLink.en, HOME],
    [WEBSTORE_TEXTS.featured.en, to('COLLECTION', collections.featured)],
    [WEBSTORE_TEXTS.about.en, to('PAGE', page.entityId)],
    [WEBSTORE_TEXTS.news.en, to('BLOG', blog.entityId)],
  ])
  return {
    collectionIds: Object.values(collections),
    pageId: page.entityId,
    blogId: blog.entityId,
    postId: post.entityId,
    menuIds: [main, footer],
  }
}
