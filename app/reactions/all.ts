import type { Reaction } from '../../domain/shared/reaction.js'
import { installDefaultThemeOnStoreCreated } from '../../domain/webstore/theme/reactions.js'
import { urlRedirectReactions, type RedirectReactionReads } from '../webstore/url-redirect/reactions.js'
import { orderInventoryReactions, type OrderStreamReads } from '../catalog/inventory/reactions.js'
import { paymentReactions, type PaymentReactionReads } from '../payments/payment/reactions.js'
import { refundReactions } from '../payments/payment/refunds.js'
import type { Platform } from '../platform.js'
import { merchantAlertReactions } from '../orders/order/merchant-alerts.js'
import { customerReactions } from '../orders/customer/reactions.js'
import { themeRenderErrorReactions } from '../storefront/render-errors.js'

/** The reactions that need nothing but the event (pure, from the domain). */
export const allReactions: readonly Reaction[] = [installDefaultThemeOnStoreCreated]

/** Every reaction the platform runs (where projections run), those that read the read models given how. */
export function platformReactions(
  reads: RedirectReactionReads & OrderStreamReads & PaymentReactionReads & { platform: Platform },
): readonly Reaction[] {
  return [
    ...allReactions,
    ...urlRedirectReactions(reads),
    ...orderInventoryReactions(reads),
    ...paymentReactions(reads),
    ...refundReactions(reads.platform),
    ...customerReactions(reads),
    ...merchantAlertReactions(reads.platform),
    ...themeRenderErrorReactions(reads.platform.database.db),
  ]
}
