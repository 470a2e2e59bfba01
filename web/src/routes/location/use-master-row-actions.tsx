import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RowAction } from '../../components/data-table';
import { useConfirm } from '../../components/ui/ConfirmDialog';
import { uuid } from '../../lib/uuid';

/** The translated confirmations of one resource, each message naming the record. */
export interface MasterRowTexts {
  archiveTitle: string;
  archiveMessage: (name: string) => string;
  reactivateTitle: string;
  reactivateMessage: (name: string) => string;
  deleteTitle: string;
  deleteMessage: (name: string) => string;
}

interface MasterRowCalls {
  archive: (id: string, idempotencyKey: string) => Promise<unknown>;
  reactivate: (id: string, idempotencyKey: string) => Promise<unknown>;
  remove: (id: string, idempotencyKey: string) => Promise<unknown>;
}

/** A refused action already showed the server's message (e.g. "Region is in use") in the warning dialog. */
const ignore = () => undefined;

/**
 * The row actions of a master-data list (view, edit, clone, archive / reactivate, delete), each confirmed,
 * with the dialog element to render.
 */
export function useMasterRowActions<Row extends { status: string }>(options: {
  path: string;
  idOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  calls: MasterRowCalls;
  texts: MasterRowTexts;
}): [RowAction<Row>[], ReactNode] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, confirmDialog] = useConfirm();
  const { path, idOf, nameOf, calls, texts } = options;

  const actions = useMemo<RowAction<Row>[]>(() => {
    const to = (type: string, row: Row) => `${path}/${type}?id=${encodeURIComponent(idOf(row))}`;
    return [
      {
        id: 'view',
        label: t('kit:actions.view'),
        icon: 'eye',
        inline: true,
        onClick: (row) => void navigate(to('view', row)),
      },
      {
        id: 'edit',
        label: t('kit:actions.edit'),
        icon: 'pencil',
        inline: true,
        permission: 'edit',
        visible: (row) => row.status !== 'archived',
        onClick: (row) => void navigate(to('edit', row)),
      },
      {
        id: 'clone',
        label: t('kit:actions.clone'),
        icon: 'copy',
        permission: 'edit',
        onClick: (row) => void navigate(to('clone', row)),
      },
      {
        id: 'archive',
        label: t('kit:actions.archive'),
        icon: 'archive',
        permission: 'edit',
        visible: (row) => row.status !== 'archived',
        onClick: async (row) => {
          const ok = await confirm({
            title: texts.archiveTitle,
            message: texts.archiveMessage(nameOf(row)),
            confirmLabel: t('kit:actions.archive'),
          });
          if (ok) await calls.archive(idOf(row), uuid()).catch(ignore);
        },
      },
      {
        id: 'reactivate',
        label: t('kit:actions.reactivate'),
        icon: 'restore',
        permission: 'edit',
        visible: (row) => row.status === 'archived',
        onClick: async (row) => {
          const ok = await confirm({
            title: texts.reactivateTitle,
            message: texts.reactivateMessage(nameOf(row)),
            confirmLabel: t('kit:actions.reactivate'),
          });
          if (ok) await calls.reactivate(idOf(row), uuid()).catch(ignore);
        },
      },
      {
        id: 'delete',
        label: t('kit:actions.delete'),
        icon: 'trash',
        tone: 'danger',
        permission: 'edit',
        onClick: async (row) => {
          const ok = await confirm({
            title: texts.deleteTitle,
            message: texts.deleteMessage(nameOf(row)),
            confirmLabel: t('kit:actions.delete'),
            tone: 'danger',
          });
          if (ok) await calls.remove(idOf(row), uuid()).catch(ignore);
        },
      },
    ];
  }, [t, navigate, confirm, path, idOf, nameOf, calls, texts]);

  return [actions, confirmDialog];
}
