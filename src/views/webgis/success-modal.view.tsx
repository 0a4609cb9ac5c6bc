import { Button, Stack, Text } from '@chakra-ui/react';
import * as Dialog from '../../components/dialog.tsx';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';
import type { Webgis } from '../../../contract/webgis.ts';
import { planNames } from '../../components/plan-names.ts';
import { NewTabNote } from '../new-tab.tsx';

export interface SuccessModalViewProps {
  open: boolean;
  webgis: Webgis | null;
  onClose: () => void;
}

/**
 * Section 2's success modal after creation. Free and mini: go to the Web GIS or
 * upgrade; premium: go to the Web GIS.
 */
export function SuccessModalView({ open, webgis, onClose }: SuccessModalViewProps) {
  const { t, i18n } = useLingui();
  const plan = webgis?.plan ?? 'free';
  const planName = i18n._(planNames[plan]);
  // Mounted only while open, as the other dialogs: closed means gone, at once.
  if (!open) return null;
  return (
    <Dialog.Frame
      open
      onClose={onClose}
      placement="center"
      maxW="480px"
      title={t`Your Web GIS is ready`}
      closeLabel={t`Close`}
      footer={
        <>
          {plan !== 'premium' && (
            <Button asChild variant="outline">
              <RouterLink to="/$locale/subscription/update" from="/$locale">
                {t`Upgrade`}
              </RouterLink>
            </Button>
          )}
          <Button asChild colorPalette="blue">
            <a href={webgis?.url_oauth} target="_blank" rel="noopener noreferrer">
              {t`Go to Web GIS`}
              <NewTabNote />
            </a>
          </Button>
        </>
      }
    >
      <Stack gap="row">
        <Text>{t`Your Web GIS has been created at ${webgis?.url ?? ''}.`}</Text>
        {plan !== 'premium' && (
          <Text>{t`You are on the ${planName} plan. Upgrade for more storage, private resources, your own domain name and branding.`}</Text>
        )}
      </Stack>
    </Dialog.Frame>
  );
}
