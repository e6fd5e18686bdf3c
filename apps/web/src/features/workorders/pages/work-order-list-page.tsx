/** Scaffold: replaced by the work order pages. */
export function WorkOrderListPage() {
  return null;
}
