import { MENU_LIST } from '../../../../domain/webstore/menu/list.js'
import { resourceReadTypeDefs } from '../../shared/list-sdl.js'
import { historyField } from '../../shared/history.js'
import { deletePayloadType, payloadType, mutationFields } from '../../shared/payloads.js'

export const menuTypeDefs = /* GraphQL */ `
  "What a menu item points at."
  enum MenuLinkType {
    "Any http(s) URL, a path on the store (/sale), mailto: or tel: (url)."
    URL
    "The store's home page."
    HOME
    PRODUCT
    CATEGORY
    COLLECTION
    PAGE
    BLOG
    POST
  }

  "Where a menu item leads."
  type MenuLink {
    type: MenuLinkType!
    "The address, for URL links; null otherwise."
    url: String
    "The id of the product, category, collection, page, blog or post; null for URL and HOME."
    resourceId: ID
  }

  "One entry of a menu, with its sub-items (menus are at most 3 levels deep)."
  type MenuItem {
    id: ID!
    "The text shown; in that locale when given (translations fall back to the store's default locale)."
    title(locale: Locale): String!
    link: MenuLink!
    "Sub-items in order; empty for a leaf."
    items: [MenuItem!]!
  }

  "A menu item whose link leads nowhere: its target was deleted or never existed."
  type MenuBrokenLink {
    itemId: ID!
    title: String!
    link: MenuLink!
    "Why, e.g. 'page deleted' or 'product not found'."
    reason: String!
  }

  "A navigation menu of the web store (main menu, footer …), found by themes through its handle."
  type Menu {
    id: ID!
    "Unique in the store, e.g. main-menu."
    handle: String!
    "In that locale when given, falling back to the store's default locale."
    title(locale: Locale): String!
    "Top-level items in order, each with its sub-items."
    items: [MenuItem!]!
    "How many items the menu holds at all levels (at most 250)."
    itemCount: Int!
    "Items whose product, category, collection, page, blog or post is gone, checked when read."
    brokenLinks: [MenuBrokenLink!]!
    ${historyField('Every event of this menu, newest first, with its actor and time.')}
    createdAt: DateTime!
    updatedAt: DateTime!
    "Revision of the menu's stream after its last change (0 after creation)."
    revision: Int!
  }

  "A link: url for URL, resourceId for PRODUCT, CATEGORY, COLLECTION, PAGE, BLOG and POST, nothing for HOME."
  input MenuLinkInput {
    type: MenuLinkType!
    url: String
    resourceId: ID
  }

  input MenuCreateInput {
    title: String!
    "Generated from the title when omitted (main-menu, then main-menu-2 when taken)."
    handle: String
  }

  "Only the fields given change."
  input MenuUpdateInput {
    id: ID!
    title: String
    handle: String
  }

  input MenuDeleteInput {
    id: ID!
  }

  input MenuItemAddInput {
    menuId: ID!
    "The item to nest under; top level when omitted. At most 3 levels."
    parentId: ID
    "Index among the siblings, 0 first; the end when omitted."
    position: Int
    title: String!
    link: MenuLinkInput!
  }

  "Only the fields given change."
  input MenuItemUpdateInput {
    menuId: ID!
    "The item's id."
    id: ID!
    title: String
    link: MenuLinkInput
  }

  input MenuItemMoveInput {
    menuId: ID!
    "The item to move; its sub-items move with it."
    id: ID!
    "The new parent; top level when omitted or null."
    parentId: ID
    "Index among the new siblings, 0 first; the end when omitted."
    position: Int
  }

  input MenuItemRemoveInput {
    menuId: ID!
    "The item to remove; its sub-items go with it."
    id: ID!
  }

  ${payloadType('Menu', 'menu: Menu', {
    eventPosition:
      'Log position of the write; null when nothing changed. Send it as X-Consistency-Position to read at least this fresh.',
  })}

  type MenuItemAddPayload {
    menu: Menu
    "The id of the new item."
    itemId: ID!
    eventPosition: String
  }

  ${deletePayloadType('MenuDelete')}

  ${resourceReadTypeDefs(MENU_LIST, {
    one: {
      name: 'menu',
      args: 'id: ID, handle: String',
      doc: 'One menu by id or by handle; NOT_FOUND when the store has no such menu. Needs webstore:read.',
    },
    list: { name: 'menus', doc: "The store's menus. Needs webstore:read." },
  })}

  extend type Mutation {
    ${mutationFields(
      {
        menuCreate: 'Creates an empty menu. Needs webstore:write.',
        menuUpdate: 'Renames a menu or changes its handle. Needs webstore:write.',
        menuItemUpdate: 'Changes the title or link of a menu item. Needs webstore:write.',
        menuItemMove: 'Moves a menu item with its sub-items to another parent or position. Needs webstore:write.',
        menuItemRemove: 'Removes a menu item with its sub-items. Needs webstore:write.',
      },
      'Menu',
    )}
    ${mutationFields({
      menuDelete: 'Deletes a menu with its items and frees its handle. Needs webstore:write.',
      menuItemAdd: 'Adds an item to a menu. Needs webstore:write.',
    })}
  }
`
