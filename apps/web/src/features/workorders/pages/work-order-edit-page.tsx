/** Scaffold: replaced by the work order pages. */
export function WorkOrderEditPage() {
  return null;
}
