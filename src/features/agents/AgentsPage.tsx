import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { listSkeletonRows, listStatus, listVisibleRows } from '../../../machines/list/list.selectors.ts';
import type { ListSearch } from '../../../machines/list/list.view.ts';
import { deleteTarget, isDeleting, isToggling, shownActivity } from '../../../machines/toolboxList/rowActions.selectors.ts';
import { useRootActors } from '../../session/RootActorsContext.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DataTable, type DataColumn } from '../../ui/DataTable.tsx';
import { ListEmptyContent } from '../../ui/ListEmptyContent.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { SwitchField } from '../../ui/SwitchField.tsx';
import { useListMachine } from '../../statecharts/useListMachine.ts';
import { agentsDefaults, agentsListMessages, provideAgentRowActions, provideAgentsList, type Agent, type AgentsFilters } from './agentsList.actors.ts';
import { useInspectedActorRef } from '../../statecharts/useInspectedActorRef.ts';

/** The list has nothing to keep in the URL. */
const NO_SEARCH: ListSearch<AgentsFilters> = {};
const ignoreSearch = () => {};

/**
 * spec §2 Agents (/agents): the named agents with Name, Phone Number, the Active switch, Edit
 * and Delete; Create New Agent in the empty state and top right when agents exist.
 */
export function AgentsPage() {
  const { t, i18n } = useLingui();
  const { api, startup } = useRootActors();
  const list = useListMachine({ machine: provideAgentsList(api), defaults: agentsDefaults, search: NO_SEARCH, onSearchChange: ignoreSearch });
  const actions = useInspectedActorRef(
    provideAgentRowActions(api, () => {
      list.send({ type: 'data.changed' });
      startup.send({ type: 'toolbox.changed' });
    }),
  );

  const status = useSelector(list, listStatus);
  const rows = useSelector(list, listVisibleRows);
  const skeletonRows = useSelector(list, listSkeletonRows);
  const actionsSnapshot = useSelector(actions, (snapshot) => snapshot);
  const toggling = useSelector(actions, isToggling);
  const target = useSelector(actions, deleteTarget);
  const deleting = useSelector(actions, isDeleting);

  const columns: DataColumn<Agent>[] = [
    { key: 'name', header: t`Name`, cell: (agent) => agent.name },
    { key: 'phone', header: t`Phone Number`, cell: (agent) => agent.phone, nowrap: true },
    {
      key: 'active',
      header: t`Active`,
      nowrap: true,
      cell: (agent) => (
        <SwitchField
          name={`agent-${agent.id}-active`}
          checked={shownActivity(actionsSnapshot, agent)}
          disabled={toggling}
          onChange={(isActive) => actions.send({ type: 'user.toggle', row: agent, isActive })}
        >
          <Text as="span" srOnly>
            {t`Active`} {agent.name}
          </Text>
        </SwitchField>
      ),
    },
    {
      key: 'actions',
      header: t`Actions`,
      nowrap: true,
      cell: (agent) => (
        <Box display="flex" gap="2">
          <Button asChild size="xs" variant="outline">
            <Link to="/agents/manage/{-$agentId}" params={{ agentId: String(agent.id) }}>
              {t`Edit`}
              <Text as="span" srOnly>
                {' '}
                {agent.name}
              </Text>
            </Link>
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => actions.send({ type: 'user.requestDelete', row: agent })}>
            {t`Delete`}
            <Text as="span" srOnly>
              {' '}
              {agent.name}
            </Text>
          </Button>
        </Box>
      ),
    },
  ];

  const createButton = (
    <Button asChild colorPalette="blue">
      <Link to="/agents/manage/{-$agentId}" params={{}}>
        {t`Create New Agent`}
      </Link>
    </Button>
  );

  return (
    <Box as="section">
      <ScreenHeader title={t`Your Agents`} subtitle={t`Agents that you are managing`} actions={status === 'dataLoaded' ? createButton : undefined} />
      <DataTable
        label={t`Your Agents`}
        columns={columns}
        rows={rows}
        rowKey={(agent) => agent.id}
        loading={status === 'loading'}
        skeletonRows={skeletonRows}
        empty={
          <ListEmptyContent
            status={status}
            noData={t`You don't have any added agent, yet.`}
            noDataActions={createButton}
            failed={i18n._(agentsListMessages.loadFailed)}
            onRetry={() => list.send({ type: 'user.retry' })}
          />
        }
      />
      <ConfirmDialog
        open={target !== null}
        title={t`Delete agent?`}
        text={t`Are you sure you want to delete agent? This action is irreversible.`}
        busy={deleting}
        onConfirm={() => actions.send({ type: 'user.confirmDelete' })}
        onCancel={() => actions.send({ type: 'user.cancelDelete' })}
      />
    </Box>
  );
}
