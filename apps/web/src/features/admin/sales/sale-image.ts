/** A sale's image as staff read it (the server's adminSaleImageUrl; never cached by the browser). */
export const adminSaleImageUrl = (saleId: string, position: number) => `/api/admin/sales/${encodeURIComponent(saleId)}/images/${position}`;
