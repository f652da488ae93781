import { BillPinScreen } from '#web/features/bills/components/bill-pin-screen';
import { useGemsMoved } from './use-gems-moved';

/** /airtime/enterPIN, /data/enterPIN, /tv/enterPIN, /electricity/enterPIN (docs/product.md §2 PIN entry screens). */
export function AirtimePinRoute() {
  return <BillPinScreen kind="airtime" onGemsMoved={useGemsMoved()} />;
}
export function DataPinRoute() {
  return <BillPinScreen kind="data" onGemsMoved={useGemsMoved()} />;
}
export function TvPinRoute() {
  return <BillPinScreen kind="tv" onGemsMoved={useGemsMoved()} />;
}
export function ElectricityPinRoute() {
  return <BillPinScreen kind="electricity" onGemsMoved={useGemsMoved()} />;
}
