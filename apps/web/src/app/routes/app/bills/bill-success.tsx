import { BillSuccessScreen } from '#web/features/bills/components/bill-success-screen';

/** docs/product.md §2 success screens of the four bills. */
export function AirtimeSuccessRoute() {
  return <BillSuccessScreen kind="airtime" />;
}
export function DataSuccessRoute() {
  return <BillSuccessScreen kind="data" />;
}
export function TvSuccessRoute() {
  return <BillSuccessScreen kind="tv" />;
}
export function ElectricitySuccessRoute() {
  return <BillSuccessScreen kind="electricity" />;
}
