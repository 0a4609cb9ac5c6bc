import { Badge as ChakraBadge, type BadgeProps } from '@chakra-ui/react';
import { badgeRecipe } from '@chakra-ui/react/theme';
import { forwardRef } from 'react';

/**
 * Chakra's badge, carrying its own recipe: the sign-in page shows no badge, so the
 * theme the first visit loads leaves this recipe out (decision 0009).
 */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(props, ref) {
  return <ChakraBadge ref={ref} recipe={badgeRecipe} {...props} />;
});
