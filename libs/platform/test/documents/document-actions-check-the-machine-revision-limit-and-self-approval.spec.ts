import { randomUUID } from 'node:crypto';
import { STOCK_ADJUSTMENT_MACHINE, STOCK_TAKE_MACHINE } from '@scm/contracts';
import type {
  AccessTokenClaims,
  DocumentActionInput,
  PermissionEntry,
  RoleSnapshot,
  UserSnapshot,
} from '@scm/contracts';
import { createTestDatabase } from '@scm/testing';
import type { TestDatabase } from '@scm/testing';
import type { DataSource, EntityManager } from 'typeorm';
import { openServiceDataSource } from '../../src/database/data-source.js';
import { CreateDocumentKitTables1795650000000 } from '../../src/database/document-kit-tables.migration.js';
import { EventGuarantees1795640000000 } from '../../src/database/event-guarantees.migration.js';
import { CreatePlatformTables1763800000000 } from '../../src/database/platform-tables.migration.js';
import { startUnitOfWork } from '../../src/database/unit-of-work.js';
import { ApproverDirectory } from '../../src/documents/approver-directory.js';
import { DocumentActions } from '../../src/documents/document-actions.js';
import { EventPublisher } from '../../src/events/event-publisher.js';
import type { ActionDocument } from '../../src/documents/document-actions.js';
import { readHistory } from '../../src/documents/document-history.js';

const SUBMITTER = randomUUID();
const OTHER = randomUUID();

const perms = (grants: Partial<Omit<PermissionEntry, 'permission'>>, key = 'SA'): PermissionEntry[] => [
  { permission: { key }, view: true, edit: false, approval: false, ...grants },
];

function claims(userId: string, limit: string | null, locs = ['OUTLET1']): AccessTokenClaims {
  return {
    sub: userId,
    sid: randomUUID(),
    name: userId === SUBMITTER ? 'Sam Submitter' : 'Olga Other',
    role: randomUUID(),
    perms: perms({ edit: true, approval: true }),
    cost: true,
    limit,
    locs,
    lang: null,
  };
}

function role(overrides: Partial<RoleSnapshot> = {}): RoleSnapshot {
  return {
    role_id: randomUUID(),
    role_name: 'Area manager',
    permission_list: perms({ edit: true, approval: true }),
    can_see_cost: true,
    approval_limit: null,
    revision: 1,
    ...overrides,
  };
}

function user(roleId: string, overrides: Partial<UserSnapshot> = {}): UserSnapshot {
  return {
    user_id: OTHER,
    employee_code: 'E2',
    employee_name: 'Olga Other',
    email: 'olga@example.com',
    username: 'olga',
    role_id: roleId,
    status: 'Active',
    location_list: ['OUTLET1'],
    revision: 1,
    ...overrides,
  };
}

describe(DocumentActions.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const directory = new ApproverDirectory();
  // `check` publishes nothing; `apply`'s events go to inventory's outbox.
  const sut = new DocumentActions(directory, new EventPublisher('inventory'));

  beforeAll(async () => {
    database = await createTestDatabase('scm_doc_actions');
    dataSource = await openServiceDataSource({
      url: database.url,
      schema: 'inventory',
      entities: [],
      migrations: [
        CreatePlatformTables1763800000000,
        EventGuarantees1795640000000,
        CreateDocumentKitTables1795650000000,
      ],
    });
    // A document table as every document keeps it, for `apply`.
    await dataSource.query(`CREATE TABLE widget_doc (
      id uuid PRIMARY KEY, status text NOT NULL, revision integer NOT NULL, note text NULL,
      submitted_by text NULL, submitted_by_name text NULL, submitted_time timestamptz NULL,
      last_updated_by text NULL, last_updated_time timestamptz NOT NULL DEFAULT now())`);
  });

  afterEach(async () => {
    await dataSource.query('TRUNCATE document_history, approver_user, approver_role');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const tx = <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => startUnitOfWork(dataSource, work);

  /** An adjustment pending approval at OUTLET1, worth `value` USD, submitted by SUBMITTER. */
  const pending = (value = '250.00', overrides: Partial<ActionDocument> = {}): ActionDocument => ({
    type: 'SA',
    id: randomUUID(),
    status: 'PENDING APPROVAL',
    revision: 2,
    location_id: 'OUTLET1',
    submitted_by: SUBMITTER,
    value_usd: value,
    ...overrides,
  });

  const approve = (document: ActionDocument, by: AccessTokenClaims, revision = document.revision) =>
    tx((manager) =>
      sut.check(manager, {
        machine: STOCK_ADJUSTMENT_MACHINE,
        document,
        action: 'approve',
        input: { revision, remark: 'ok' },
        user: by,
      }),
    );

  const configure = async (roleSnapshot: RoleSnapshot, userSnapshot: UserSnapshot) =>
    tx(async (manager) => {
      await directory.applyRole(manager, roleSnapshot);
      await directory.applyUser(manager, userSnapshot);
    });

  it('moves an approved document to APPROVED and writes who, from, to and the remark in its history', async () => {
    const document = pending();
    await expect(approve(document, claims(OTHER, null))).resolves.toEqual({
      from: 'PENDING APPROVAL',
      to: 'APPROVED',
    });
    const history = await readHistory(dataSource.manager, 'SA', document.id);
    expect(history).toEqual([
      {
        action: 'approve',
        from_status: 'PENDING APPROVAL',
        to_status: 'APPROVED',
        remark: 'ok',
        actor_id: OTHER,
        actor_name: 'Olga Other',
        created_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it('writes the history oldest first and nothing for an action whose transaction rolled back', async () => {
    const id = randomUUID();
    const draft: ActionDocument = { ...pending(), id, status: 'DRAFT', revision: 1, submitted_by: null };
    const editor = { ...claims(SUBMITTER, null), perms: perms({ edit: true }) };
    await tx((manager) =>
      sut.check(manager, {
        machine: STOCK_ADJUSTMENT_MACHINE,
        document: draft,
        action: 'submit',
        input: { revision: 1 },
        user: editor,
      }),
    );
    await tx((manager) =>
      sut.check(manager, {
        machine: STOCK_ADJUSTMENT_MACHINE,
        document: { ...draft, status: 'PENDING APPROVAL', revision: 2, submitted_by: SUBMITTER },
        action: 'recall',
        input: { revision: 2, remark: 'one more line' },
        user: editor,
      }),
    );
    await expect(
      tx(async (manager) => {
        await sut.check(manager, {
          machine: STOCK_ADJUSTMENT_MACHINE,
          document: { ...draft, revision: 3 },
          action: 'discard',
          input: { revision: 3 },
          user: editor,
        });
        throw new Error('the conditional UPDATE found the document changed');
      }),
    ).rejects.toThrow(/conditional UPDATE/);

    const history = await readHistory(dataSource.manager, 'SA', id);
    expect(history.map((entry) => [entry.action, entry.from_status, entry.to_status, entry.remark])).toEqual([
      ['submit', 'DRAFT', 'PENDING APPROVAL', null],
      ['recall', 'PENDING APPROVAL', 'DRAFT', 'one more line'],
    ]);
  });

  it('refuses an action the status does not allow, naming the action and the status', async () => {
    const document = { ...pending(), status: 'DRAFT' };
    await expect(approve(document, claims(OTHER, null))).rejects.toMatchObject({
      code: 'DOCUMENT_ACTION_NOT_ALLOWED',
      params: { action: 'approve', status: 'DRAFT' },
    });
    await expect(approve({ ...pending(), status: 'APPROVED' }, claims(OTHER, null))).rejects.toMatchObject({
      code: 'DOCUMENT_ACTION_NOT_ALLOWED',
    });
    expect(await dataSource.query('SELECT * FROM document_history')).toEqual([]);
  });

  it('refuses an action on a revision someone else has since changed, and one naming no revision', async () => {
    await expect(approve(pending(), claims(OTHER, null), 1)).rejects.toMatchObject({
      code: 'DOCUMENT_STALE_REVISION',
    });
    await expect(
      tx((manager) =>
        sut.check(manager, {
          machine: STOCK_ADJUSTMENT_MACHINE,
          document: pending(),
          action: 'approve',
          input: {} as DocumentActionInput,
          user: claims(OTHER, null),
        }),
      ),
    ).rejects.toMatchObject({ code: 'DOCUMENT_STALE_REVISION' });
  });

  it('refuses a user whose role lacks the rule check on the key, and a document outside their locations as not found', async () => {
    const editorOnly = { ...claims(OTHER, null), perms: perms({ edit: true }) };
    await expect(approve(pending(), editorOnly)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(approve(pending(), claims(OTHER, null, ['OUTLET9']))).rejects.toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
    });
    await expect(approve(pending(), claims(OTHER, null, ['*']))).resolves.toMatchObject({ to: 'APPROVED' });
  });

  it('asks a remark to reject', async () => {
    await expect(
      tx((manager) =>
        sut.check(manager, {
          machine: STOCK_ADJUSTMENT_MACHINE,
          document: pending(),
          action: 'reject',
          input: { revision: 2, remark: '' },
          user: claims(OTHER, null),
        }),
      ),
    ).rejects.toMatchObject({ code: 'DOCUMENT_REMARK_REQUIRED', params: { action: 'reject' } });
  });

  it('refuses to approve above the approver limit (exactly compared) and accepts up to it', async () => {
    await expect(approve(pending('1000.01'), claims(OTHER, '1000.00'))).rejects.toMatchObject({
      code: 'DOCUMENT_APPROVAL_LIMIT_EXCEEDED',
      params: { value: '1000.01', limit: '1000.00' },
    });
    // A write-off counts by its magnitude.
    await expect(approve(pending('-1000.0000001'), claims(OTHER, '1000'))).rejects.toMatchObject({
      code: 'DOCUMENT_APPROVAL_LIMIT_EXCEEDED',
    });
    await expect(approve(pending('1000.0000000'), claims(OTHER, '1000.00'))).resolves.toMatchObject({ to: 'APPROVED' });
    await expect(approve(pending('99999999.99'), claims(OTHER, null))).resolves.toMatchObject({ to: 'APPROVED' });
  });

  it('refuses the submitter approving or rejecting their own document while another approver exists', async () => {
    const approverRole = role();
    await configure(approverRole, user(approverRole.role_id));

    await expect(approve(pending(), claims(SUBMITTER, null))).rejects.toMatchObject({ code: 'DOCUMENT_SELF_APPROVAL' });
    await expect(
      tx((manager) =>
        sut.check(manager, {
          machine: STOCK_ADJUSTMENT_MACHINE,
          document: pending(),
          action: 'reject',
          input: { revision: 2, remark: 'mine, wrong' },
          user: claims(SUBMITTER, null),
        }),
      ),
    ).rejects.toMatchObject({ code: 'DOCUMENT_SELF_APPROVAL' });
    // The other approver decides.
    await expect(approve(pending(), claims(OTHER, null))).resolves.toMatchObject({ to: 'APPROVED' });
  });

  it('lets the submitter decide when no one else could: alone, or the others inactive, elsewhere, below the value or without approval', async () => {
    // Nobody else at all.
    await expect(approve(pending(), claims(SUBMITTER, null))).resolves.toMatchObject({ to: 'APPROVED' });

    const cases: [string, RoleSnapshot, (roleId: string) => UserSnapshot][] = [
      ['inactive', role(), (id) => user(id, { status: 'Inactive' })],
      ['invited, never signed in', role(), (id) => user(id, { status: 'Invited' })],
      ['at another location', role(), (id) => user(id, { location_list: ['OUTLET2'] })],
      ['limit below the value', role({ approval_limit: '249.99' }), (id) => user(id)],
      ['edit only', role({ permission_list: perms({ edit: true }) }), (id) => user(id)],
      ['approval on another key', role({ permission_list: perms({ approval: true }, 'ST') }), (id) => user(id)],
    ];
    for (const [label, roleSnapshot, userOf] of cases) {
      await tx((manager) => directory.clear(manager));
      await configure(roleSnapshot, userOf(roleSnapshot.role_id));
      await expect(approve(pending('250.00'), claims(SUBMITTER, null)).then((t) => [label, t.to])).resolves.toEqual([
        label,
        'APPROVED',
      ]);
    }
  });

  it('counts another approver holding every location, or exactly the value as limit', async () => {
    for (const [roleSnapshot, locations] of [
      [role(), ['*']],
      [role({ approval_limit: '250.00' }), ['OUTLET1']],
    ] as const) {
      await tx((manager) => directory.clear(manager));
      await configure(roleSnapshot, user(roleSnapshot.role_id, { location_list: [...locations] }));
      await expect(approve(pending('250'), claims(SUBMITTER, null))).rejects.toMatchObject({
        code: 'DOCUMENT_SELF_APPROVAL',
      });
    }
  });

  it('runs a system action without permission or approver checks, and never lets a user run one', async () => {
    const take = { type: 'ST' as const, id: randomUUID(), status: 'PENDING SA' };
    await expect(
      tx((manager) =>
        sut.check(manager, {
          machine: STOCK_TAKE_MACHINE,
          document: { ...take, revision: 3, location_id: 'OUTLET1', submitted_by: SUBMITTER },
          action: 'complete',
          input: { revision: 3 },
          user: claims(OTHER, null),
        }),
      ),
    ).rejects.toMatchObject({ code: 'DOCUMENT_ACTION_NOT_ALLOWED' });

    await expect(
      tx((manager) =>
        sut.system(manager, {
          machine: STOCK_TAKE_MACHINE,
          document: take,
          action: 'complete',
          actor: { id: null, name: 'System' },
          remark: 'SA-OUTLET1-000004 approved',
        }),
      ),
    ).resolves.toEqual({ from: 'PENDING SA', to: 'COMPLETED' });
    await expect(
      tx((manager) =>
        sut.system(manager, {
          machine: STOCK_TAKE_MACHINE,
          document: { ...take, status: 'COMPLETED' },
          action: 'recount',
          actor: { id: null, name: 'System' },
        }),
      ),
    ).rejects.toMatchObject({
      code: 'DOCUMENT_ACTION_NOT_ALLOWED',
      params: { action: 'recount', status: 'COMPLETED' },
    });
    expect(await readHistory(dataSource.manager, 'ST', take.id)).toMatchObject([
      { action: 'complete', actor_id: null, actor_name: 'System', remark: 'SA-OUTLET1-000004 approved' },
    ]);
  });

  it('refuses a manager outside a transaction', async () => {
    await expect(
      sut.check(dataSource.manager, {
        machine: STOCK_ADJUSTMENT_MACHINE,
        document: pending(),
        action: 'approve',
        input: { revision: 2 },
        user: claims(OTHER, null),
      }),
    ).rejects.toThrow(/not in a transaction/);
  });

  describe('apply: one action whole', () => {
    /** A DRAFT (revision 1) of OUTLET1 worth 80 USD in widget_doc. */
    const draft = async (): Promise<ActionDocument & { doc_no: string }> => {
      const id = randomUUID();
      await dataSource.query(`INSERT INTO widget_doc (id, status, revision) VALUES ($1, 'DRAFT', 1)`, [id]);
      return {
        type: 'SA',
        id,
        doc_no: 'SA-OUTLET1-000009',
        status: 'DRAFT',
        revision: 1,
        location_id: 'OUTLET1',
        submitted_by: null,
        value_usd: '80.00',
      };
    };
    const submit = (document: ActionDocument & { doc_no: string }, effect?: () => Promise<Record<string, unknown>>) =>
      tx((manager) =>
        sut.apply(manager, {
          machine: STOCK_ADJUSTMENT_MACHINE,
          table: 'widget_doc',
          document,
          action: 'submit',
          input: { revision: document.revision },
          user: claims(SUBMITTER, null),
          subject: 'inventory.stock-adjustment.submitted',
          effect,
        }),
      );

    it('checks, runs the effect, writes the row with who submitted and publishes the activity with the value', async () => {
      const document = await draft();
      await expect(submit(document, () => Promise.resolve({ note: 'split' }))).resolves.toEqual({
        from: 'DRAFT',
        to: 'PENDING APPROVAL',
      });
      const [row] = await dataSource.query<Record<string, unknown>[]>(
        `SELECT status, revision, note, submitted_by, submitted_by_name, last_updated_by FROM widget_doc WHERE id = $1`,
        [document.id],
      );
      expect(row).toEqual({
        status: 'PENDING APPROVAL',
        revision: 2,
        note: 'split',
        submitted_by: SUBMITTER,
        submitted_by_name: 'Sam Submitter',
        last_updated_by: SUBMITTER,
      });
      const events = await dataSource.query<{ envelope: { subject: string; data: Record<string, unknown> } }[]>(
        `SELECT envelope FROM outbox WHERE envelope->'data'->>'document_id' = $1`,
        [document.id],
      );
      expect(events.map((event) => event.envelope.data)).toEqual([
        expect.objectContaining({
          action: 'submit',
          doc_no: 'SA-OUTLET1-000009',
          from_status: 'DRAFT',
          to_status: 'PENDING APPROVAL',
          revision: 2,
          value_usd: '80.00',
        }),
      ]);
      expect(await readHistory(dataSource.manager, 'SA', document.id)).toMatchObject([{ action: 'submit' }]);
    });

    it('is stale when the row moved on since it was read: nothing of the action stays', async () => {
      const document = await draft();
      await dataSource.query(`UPDATE widget_doc SET revision = 2 WHERE id = $1`, [document.id]);
      let effects = 0;
      await expect(
        submit(document, () => {
          effects += 1;
          return Promise.resolve({});
        }),
      ).rejects.toMatchObject({ code: 'DOCUMENT_STALE_REVISION' });
      expect(effects).toBe(1);
      expect(await readHistory(dataSource.manager, 'SA', document.id)).toEqual([]);
      const [{ count }] = await dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS count FROM outbox WHERE envelope->'data'->>'document_id' = $1`,
        [document.id],
      );
      expect(count).toBe(0);
    });
  });
});
