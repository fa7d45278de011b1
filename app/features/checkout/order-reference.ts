// The short form of an order's id the buyer sees, on the success page and the receipt alike: its
// first eight hex digits in capitals ('Order 40807A52'). Browser-safe.
export function orderReference(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
