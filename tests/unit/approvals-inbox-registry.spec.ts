import { ACTIVITY_SUBJECTS } from '@scm/contracts';
import type { ActivityMetadata } from '@scm/contracts';

const ENTRIES: [string, ActivityMetadata][] = Object.entries(ACTIVITY_SUBJECTS);

/**
 * The approvals inbox reads the registry alone: a document asking for approval must declare the API base of its
 * actions (else its requests never reach /approval), and must publish its recall (else a recalled request would stay
 * in the inbox for ever).
 */
describe('activity registry, as the approvals inbox reads it', () => {
  const asking = [...new Set(ENTRIES.filter(([, meta]) => meta.asksApproval).map(([, meta]) => meta.referenceType))];

  it('finds the documents that ask for approval', () => {
    expect(asking).toEqual(expect.arrayContaining(['SA', 'PO', 'RO', 'GR', 'PC']));
  });

  it.each(asking)('%s declares one actions route on every subject and publishes its recall', (type) => {
    const own = ENTRIES.filter(([, meta]) => meta.referenceType === type);
    const paths = new Set(own.map(([, meta]) => meta.actionsPath));
    expect([...paths]).toEqual([expect.stringMatching(/^\/api\/[a-z-]+\/[a-z-]+$/)]);
    expect(own.map(([, meta]) => meta.verb)).toEqual(expect.arrayContaining(['submitted', 'recalled', 'approved']));
  });
});
