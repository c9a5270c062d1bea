import { Box } from '@chakra-ui/react/box';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { listSkeletonRows, listStatus, listVisibleRows } from '../../../machines/list/list.selectors.ts';
import type { ListSearch } from '../../../machines/list/list.view.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { InstallationStatusView, useInstallationChecks } from '../../ui/InstallationStatus.tsx';
import { embedSnippet } from '../../lib/embedSnippet.ts';
import { readPageConfig } from '../../lib/pageConfig.ts';
import { ListEmptyContent } from '../../ui/ListEmptyContent.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { useListMachine } from '../../statecharts/useListMachine.ts';
import { CodeCopyBox } from './CodeCopyBox.tsx';
import { provideWebsitesList, websitesDefaults, websitesMessages, type Website, type WebsitesFilters } from './websites.actors.ts';

/** The list has nothing to keep in the URL. */
const NO_SEARCH: ListSearch<WebsitesFilters> = {};
const ignoreSearch = () => {};

/** spec §2 Websites (/websites): each website and the code to paste into it, in a copy box. */
export function WebsitesPage() {
  const { t, i18n } = useLingui();
  const { api } = useRootActors();
  const list = useListMachine({ machine: provideWebsitesList(api), defaults: websitesDefaults, search: NO_SEARCH, onSearchChange: ignoreSearch });

  const status = useSelector(list, listStatus);
  const rows = useSelector(list, listVisibleRows);
  const skeletonRows = useSelector(list, listSkeletonRows);
  const origin = window.location.origin;
  const scriptUrl = readPageConfig().widgetScriptUrl;
  const installationCheck = useInstallationChecks();

  const columns: DataColumn<Website>[] = [
    { key: 'website', header: t`Website`, cell: (website) => website.domain },
    {
      key: 'code',
      header: t`Code`,
      // The copy box wraps the snippet itself; the column takes the width it needs.
      nowrap: true,
      cell: ({ domain, publicKey }) => <CodeCopyBox code={embedSnippet(origin, publicKey, scriptUrl)} label={t`Code of ${domain}`} />,
    },
    // Issue 21: whether the widget has loaded on the site, with its own Check again.
    { key: 'installation', header: t`Installation`, cell: (website) => <InstallationStatusView check={installationCheck(website)} domain={website.domain} /> },
  ];

  return (
    <Box as="section">
      <ScreenHeader title={t`Your Websites`} subtitle={t`Copy website code`} />
      <DataTable
        label={t`Your Websites`}
        columns={columns}
        rows={rows}
        rowKey={(website) => website.id}
        loading={status === 'loading'}
        skeletonRows={skeletonRows}
        empty={
          <ListEmptyContent
            status={status}
            noData={t`You don't have any website created, yet. Please create a widget to create a website.`}
            noDataActions={
              // A website is created with its first widget (spec §2 Websites).
              <Button asChild colorPalette="blue">
                <Link to="/widgets/manage">{t`Create New Widget`}</Link>
              </Button>
            }
            failed={i18n._(websitesMessages.loadFailed)}
            onRetry={() => list.send({ type: 'user.retry' })}
          />
        }
      />
    </Box>
  );
}
