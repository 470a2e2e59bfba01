import { ROUTE_TYPES } from '@scm/contracts';
import type { RouteType } from '@scm/contracts';
import { useParams, useSearchParams } from 'react-router-dom';

export interface FormMode {
  /** The route's `{type}` (SPEC.md §2): view, new, edit, create or clone. */
  mode: RouteType;
  /** `?id=`: the record viewed or edited, or the one a clone copies. */
  id: string | undefined;
  /** new, create and clone make a new record. */
  isNew: boolean;
  readOnly: boolean;
  /** Changes with mode and id: key the form by it so view → edit → view starts fresh. */
  formKey: string;
}

export function useFormMode(): FormMode {
  const { type } = useParams();
  const [params] = useSearchParams();
  const mode: RouteType = (ROUTE_TYPES as readonly string[]).includes(type ?? '') ? (type as RouteType) : 'view';
  const id = params.get('id') ?? undefined;
  return {
    mode,
    id,
    isNew: mode === 'new' || mode === 'create' || mode === 'clone',
    readOnly: mode === 'view',
    formKey: `${mode}:${id ?? ''}`,
  };
}
