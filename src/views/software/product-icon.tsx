import type { ProductId } from '../../../contract/software.ts';

/** Each product's colour and letter; a new product without an icon fails the type check. */
const icons: Record<ProductId, { color: string; letter: string }> = {
  qgis: { color: '#3d7a1f', letter: 'Q' },
  formbuilder: { color: '#6b3fa0', letter: 'F' },
  mobile: { color: '#1565c0', letter: 'M' },
  collector: { color: '#b3470b', letter: 'C' },
  tracker: { color: '#00695c', letter: 'T' },
};

/** The product's icon: decorative, its name is the heading next to it. */
export function ProductIcon({ product }: { product: ProductId }) {
  const { color, letter } = icons[product];
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill={color} />
      <text
        x="20"
        y="21"
        textAnchor="middle"
        dominantBaseline="middle"
        fill="#fff"
        fontSize="20"
        fontWeight="700"
        fontFamily="Inter, 'Segoe UI', Roboto, system-ui, sans-serif"
      >
        {letter}
      </text>
    </svg>
  );
}
