import { BOM_COST_FIELDS } from '@scm/contracts';
import type { AccessTokenClaims, BomConsumeRowView } from '@scm/contracts';
import { withoutCost } from '@scm/platform';

/**
 * Removes the cost fields of a BOM-like answer (a BOM, a list row, a PLU and its BOM) and of its consume rows for
 * roles without can_see_cost (docs/architecture.md, "Access rules"); `fields` are the answer's own cost fields.
 */
export function hideCost<T extends object>(
  user: Pick<AccessTokenClaims, 'cost'>,
  answer: T,
  fields: readonly string[] = BOM_COST_FIELDS,
): T {
  if (user.cost) return answer;
  const stripped = withoutCost(user, answer, fields) as T & {
    consume_sku_list?: BomConsumeRowView[];
    bom?: object;
  };
  if (Array.isArray(stripped.consume_sku_list)) {
    stripped.consume_sku_list = withoutCost(user, stripped.consume_sku_list, BOM_COST_FIELDS);
  }
  if (stripped.bom && typeof stripped.bom === 'object') stripped.bom = hideCost(user, stripped.bom);
  return stripped;
}
