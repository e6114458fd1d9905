/** The product name from the server's config, kept here so error texts can name it before React is involved. */
let productName = 'OpenRescue';

export function getProductName(): string {
  return productName;
}

export function setProductName(name: string | undefined | null): void {
  if (name && name.trim()) productName = name.trim();
}
