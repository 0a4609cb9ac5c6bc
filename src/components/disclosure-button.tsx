import { Button, type ButtonProps } from '@chakra-ui/react';

/**
 * A toggle that shows or hides a part of a form (the promo code, the extended
 * requisites): a link-coloured text with a chevron that turns when open.
 */
export function DisclosureButton({ open, children, ...props }: ButtonProps & { open: boolean }) {
  return (
    <Button
      variant="plain"
      colorPalette="blue"
      color="colorPalette.fg"
      size="sm"
      px="0"
      aria-expanded={open}
      _hover={{ textDecoration: 'underline' }}
      {...props}
    >
      {children}
      <svg
        width="12"
        height="12"
        viewBox="0 0 12 12"
        aria-hidden="true"
        style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 0.15s' }}
      >
        <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </Button>
  );
}
