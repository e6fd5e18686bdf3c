/** Scaffold: replaced by the work order pages. */
export function WorkOrderNewPage() {
  return null;
}
