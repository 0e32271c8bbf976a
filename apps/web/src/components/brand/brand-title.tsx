import { Logo } from './logo';

/** Logo with the product name beside it, as the spec's top bar shows them. */
export function BrandTitle({ size = 28 }: { size?: number }) {
  return (
    <span className="md-brand">
      <Logo size={size} />
      <span className="md-brand-name">MakerDesk</span>
    </span>
  );
}
