import { STOCK_ITEM_TYPES, V } from '@scm/contracts';
import type { StockItemType, StockTakeCreateInput } from '@scm/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSession } from '../../../api/session';
import { useStockCategories } from '../../../api/stock-items';
import { stockTakesApi } from '../../../api/stock-takes';
import { clientRefusal, LineGrid, useDocumentLocations } from '../../../components/document';
import {
  ControlledDateTimeField,
  ControlledSelect,
  FormSection,
  FormShell,
  useFieldProps,
  zodResolver,
} from '../../../components/form';
import { isLocalDateTime, localDateTimeNow } from '../../../components/ui/calendar-days';
import type { FormMode } from '../../../components/form';
import { MultiCombobox } from '../../../components/ui/MultiCombobox';
import { Switch } from '../../../components/ui/Switch';
import { TextField } from '../../../components/ui/TextField';
import { STOCK_TAKE_PATH } from '../paths';

const formSchema = z.object({
  location_id: z.string().min(1, { error: V.required }),
  effective_time: z.string().min(1, { error: V.required }).refine(isLocalDateTime, { error: V.invalid }),
  blind_count: z.boolean(),
  remark: z.string().trim().max(1000),
  items: z.array(
    z.object({
      item_type: z.enum(STOCK_ITEM_TYPES),
      item_id: z.string(),
      item_name: z.string().optional(),
      uom_name: z.string(),
    }),
  ),
  /** `${item_type}:${category_id}`. */
  categories: z.array(z.string()),
});
type FormValues = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
type Line = FormValues['items'][number];

/**
 * A new stock take: the location, when the count is effective (now by default: system quantities are taken as of
 * it), blind count, and what to count — SKUs and products, whole categories, or both ("select SKU(s) or Product(s)"
 * when neither). Creating it opens the counting sheet.
 */
export function StockTakeCreateForm({ mode }: FormMode) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const locations = useDocumentLocations();
  const { data: categoryRows } = useStockCategories();
  // Shown to the minute; left as it is, the count is effective when it is created (the server's now), so a movement
  // posted within this minute is not left out of the system quantity.
  const [now] = useState(() => localDateTimeNow());
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      location_id: user?.locations.length === 1 && user.locations[0] !== '*' ? user.locations[0] : '',
      effective_time: now,
      blind_count: false,
      remark: '',
      items: [],
      categories: [],
    },
  });
  const bind = useFieldProps(form, false);
  const chinese = i18n.language === 'zh-CN';
  const categories = useMemo(
    () =>
      (categoryRows ?? []).map((row) => ({
        value: `${row.item_type}:${row.category_id}`,
        label: row.category_name,
        hint: t(`documents:itemTypes.${row.item_type}`),
      })),
    [categoryRows, t],
  );

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t('routes:stockTake')}
      subtitle={t('stock-take:createHelp')}
      permissionKey="ST"
      listPath={STOCK_TAKE_PATH}
      activity={false}
      saveLabel={t('stock-take:createAction')}
      onSave={async (values, { idempotencyKey }) => {
        if (values.items.length === 0 && values.categories.length === 0) {
          throw clientRefusal(t('stock-take:messages.noItems'));
        }
        const input: StockTakeCreateInput = {
          location_id: values.location_id,
          ...(values.effective_time !== now && { effective_time: new Date(values.effective_time).toISOString() }),
          blind_count: values.blind_count,
          remark: values.remark,
          items: values.items.map((line) => ({ item_type: line.item_type, item_id: line.item_id })),
          categories: values.categories.map((value) => {
            const [itemType, categoryId] = value.split(':');
            return { item_type: itemType as StockItemType, category_id: categoryId };
          }),
        };
        const created = await stockTakesApi.create(input, idempotencyKey);
        return `${STOCK_TAKE_PATH}/edit?id=${encodeURIComponent(created.id)}`;
      }}
    >
      <FormSection title={t('stock-take:sections.header')}>
        <ControlledSelect
          {...bind.select('location_id', t('stock-take:fields.location'), { required: true })}
          options={[{ value: '', label: t('stock-take:placeholders.location') }, ...locations.options]}
          data-testid="st-location"
        />
        <ControlledDateTimeField
          {...bind.select('effective_time', t('stock-take:fields.effective_time'), { required: true })}
          hint={t('stock-take:hints.effective_time')}
          data-testid="st-effective-time"
        />
        <Controller
          control={form.control}
          name="blind_count"
          render={({ field }) => (
            <Switch
              label={t('stock-take:fields.blind_count')}
              description={t('stock-take:hints.blind_count')}
              checked={field.value}
              onChange={field.onChange}
              data-testid="st-blind"
            />
          )}
        />
        <TextField {...bind.text('remark', t('stock-take:fields.remark'))} />
      </FormSection>
      <FormSection title={t('stock-take:sections.scope')} description={t('stock-take:hints.scope')} columns={1}>
        <Controller
          control={form.control}
          name="categories"
          render={({ field }) => (
            <MultiCombobox
              label={t('stock-take:fields.categories')}
              value={field.value}
              onChange={field.onChange}
              options={categories}
              placeholder={t('stock-take:placeholders.categories')}
              data-testid="st-categories"
            />
          )}
        />
        <Controller
          control={form.control}
          name="items"
          render={({ field }) => (
            <LineGrid<Line>
              testId="st-items"
              lines={field.value}
              readOnly={false}
              fixedUnit
              onChange={field.onChange}
              newLine={(item) => ({
                item_type: item.item_type,
                item_id: item.item_id,
                item_name: (chinese && item.ch_display_name) || item.item_name,
                uom_name: item.counting_uom_name || item.uom_name,
              })}
            />
          )}
        />
      </FormSection>
    </FormShell>
  );
}
