// The header's cart count. Pages are cached and shared by every shopper, so they never hold a
// cart: this script asks /cart.js (never cached) for this shopper's count. Without JavaScript
// the cart link still works; it just shows no number.
;(function () {
  var targets = document.querySelectorAll('[data-cart-count]')
  if (!targets.length || !window.fetch) return
  window
    .fetch('/cart.js', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then(function (response) {
      return response.ok ? response.json() : null
    })
    .then(function (cart) {
      if (!cart) return
      targets.forEach(function (target) {
        target.textContent = cart.item_count > 0 ? '(' + cart.item_count + ')' : ''
      })
    })
    .catch(function () {})
})()
