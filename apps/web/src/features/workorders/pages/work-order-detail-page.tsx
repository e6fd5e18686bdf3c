/** Scaffold: replaced by the work order pages. */
export function WorkOrderDetailPage() {
  return null;
}
