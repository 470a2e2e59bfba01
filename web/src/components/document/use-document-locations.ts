import { useMemo } from 'react';
import { locationsApi } from '../../api/locations';
import { useSession } from '../../api/session';
import type { SelectOption } from '../ui/Select';
import { useCan } from '../../lib/permissions';

/**
 * The locations the signed-in user works at, as choices (a document's location, a list's location filter): their
 * names when the user may read locations, else their codes (a location's id is its code). A user of every location
 * (`*`) gets every operating location the location list answers.
 */
export function useDocumentLocations(): { options: SelectOption<string>[]; nameOf: (id: string) => string } {
  const { user } = useSession();
  const can = useCan();
  const readable = can('LOCATION', 'view');
  const { data } = locationsApi.useOptions('location_name', readable);
  return useMemo(() => {
    const mine = user?.locations ?? [];
    const all = mine.includes('*');
    const names = new Map((data ?? []).map((row) => [row.location_id, row.location_name]));
    const ids = all ? (data ?? []).map((row) => row.location_id) : mine;
    const options = ids.map((id) => ({ value: id, label: names.has(id) ? `${id} · ${names.get(id)}` : id }));
    return { options, nameOf: (id: string) => names.get(id) ?? id };
  }, [user, data]);
}
