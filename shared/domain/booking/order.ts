/**
 * A website booking's order (docs/data-model.md R5): it ties the reservation, the guest's tenant and the
 * invoice (null when the total is 0) together; the booking result's `orderId` names it.
 */
export interface OrderRecord {
  orderId: number;
  reservationId: number;
  propertyId: number;
  tenantId: number;
  invoiceId: number | null;
  totalCents: number;
  couponCode: string | null;
  dateCreated: string;
}
