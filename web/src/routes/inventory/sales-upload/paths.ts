/** The sales upload's pages (route-tree.ts): the list, `/new` (the upload) and `/view?id=` (the document). */
export const SALES_UPLOAD_PATH = '/inventory/sales-upload';
