/** The WIP pages (route-tree.ts): the list, and `${WIP_PATH}/{type}?id=` for the form. */
export const WIP_PATH = '/inventory/wip';
