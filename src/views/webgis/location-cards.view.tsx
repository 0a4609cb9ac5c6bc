import { Box, chakra, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { WebgisLocation } from '../../../contract/webgis.ts';
import type { Locale } from '../../i18n/locale.ts';

export interface LocationCardsViewProps {
  locations: WebgisLocation[];
  value: string;
  locale: Locale;
  error: string | undefined;
  onChange: (id: string) => void;
}

/**
 * Section 2's data-center card group: one card per location, native radios under
 * the hood (arrow keys move between cards), the choice outlined.
 */
export function LocationCardsView({
  locations,
  value,
  locale,
  error,
  onChange,
}: LocationCardsViewProps) {
  const { t } = useLingui();
  const errorId = 'location-error';
  return (
    <chakra.fieldset aria-describedby={error ? errorId : undefined} border="0" p="0" m="0" minW="0">
      <chakra.legend fontWeight="medium" textStyle="caption" mb="1.5">
        {t`Data center`}
        <Text as="span" color="fg.error" aria-hidden="true">
          {' *'}
        </Text>
      </chakra.legend>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {locations.map((location) => {
          const checked = location.id === value;
          return (
            <chakra.label
              key={location.id}
              display="flex"
              alignItems="center"
              gap="3"
              p="3"
              borderWidth={checked ? '2px' : '1px'}
              borderColor={checked ? 'blue.solid' : error ? 'border.error' : 'border'}
              borderRadius="l2"
              cursor="pointer"
              bg={checked ? 'blue.subtle' : undefined}
              _focusWithin={{ outline: '2px solid', outlineColor: 'blue.focusRing' }}
            >
              <chakra.input
                type="radio"
                name="location_id"
                value={location.id}
                checked={checked}
                required
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(location.id)}
                accentColor="blue.solid"
              />
              <Text>{location.display_name[locale]}</Text>
            </chakra.label>
          );
        })}
      </SimpleGrid>
      <Box minH="5" textStyle="caption" mt="1.5">
        {error && (
          <Text id={errorId} color="fg.error">
            {error}
          </Text>
        )}
      </Box>
    </chakra.fieldset>
  );
}
