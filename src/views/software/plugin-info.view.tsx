import { Card, Heading, Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { NewTabNote } from '../new-tab.tsx';

/** The QGIS plugin repository, where the Connect plugin is installed from. */
export const PLUGIN_URL = 'https://plugins.qgis.org/';

/** Section 2's plugin info block: QGIS works with the Web GIS through a plugin. */
export function PluginInfoView() {
  const { t } = useLingui();
  return (
    <Card.Root as="section" aria-labelledby="plugin-info" variant="subtle">
      <Card.Body gap="2">
        <Heading as="h2" textStyle="card-title" id="plugin-info">
          {t`Plugin for QGIS`}
        </Heading>
        <Text>
          {t`The Connect plugin links QGIS to your Web GIS: open its maps and layers, edit data and upload new layers without leaving QGIS. In QGIS, open Plugins → Manage and Install Plugins and search for “Connect”.`}
        </Text>
        <Link
          href={PLUGIN_URL}
          target="_blank"
          rel="noopener noreferrer"
          variant="underline"
          colorPalette="blue"
          alignSelf="flex-start"
        >
          {t`QGIS plugin repository`}
          <NewTabNote />
        </Link>
      </Card.Body>
    </Card.Root>
  );
}
