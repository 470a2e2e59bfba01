import {
  CURRENCIES,
  DECLARATION_TYPES,
  PRODUCT_DOCUMENT_OWNER_TYPE,
  PRODUCT_MAX_DOCUMENTS,
  SHIPPING_METHODS,
  STOCK_TYPES,
  isDecimalText,
  productInputSchema,
  productPricing,
} from '@scm/contracts';
import type { ProductInput, ProductView, ValidProductInput } from '@scm/contracts';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { itemCategoriesApi } from '../../api/item-categories';
import { productsApi, useProductPricingContext } from '../../api/products';
import { useSession } from '../../api/session';
import { AttachmentList } from '../../components/attachments/AttachmentList';
import {
  CurrencyRateWarning,
  ControlledSelect,
  FormSection,
  FormShell,
  useFieldProps,
  useFormMode,
  zodResolver,
} from '../../components/form';
import type { FormMode } from '../../components/form';
import { DateField } from '../../components/ui/DateField';
import { Icon } from '../../components/ui/icons';
import { Select } from '../../components/ui/Select';
import { Switch } from '../../components/ui/Switch';
import { TagInput } from '../../components/ui/TagInput';
import { TextField } from '../../components/ui/TextField';
import { formatDate, formatMoney, formatPercent, formatQuantity } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { pageKeys } from './product-pages';
import type { ProductPage } from './product-pages';
import { ProductImages } from './ProductImages';

/** The form's values: every input as the user edits it (decimals and dates as text, '' for none). */
type ProductFormValues = ProductInput;

const BLANK: ProductFormValues = {
  product_code: '',
  product_name: '',
  alt_name: '',
  brand: '',
  width: '',
  height: '',
  diameter: '',
  weight_grams: '',
  time_period: '',
  country_origin: '',
  hashtag_list: [],
  description: '',
  native_currency: 'USD',
  retail_price_native: '',
  discount: '0.00',
  remarks: '',
  supplier_description: '',
  stock_type: 'Inventory',
  category_id: '',
  permit_no: '',
  arrival_date: '',
  shipout_date: '',
  declaration_type: '',
  shipping_method: '',
  gross_margin_scheme: false,
  total_tax: '',
};

/** A clone keeps everything but the code (which must be new); the cost only reaches roles that see it. */
function toFormValues(product: ProductView, clone: boolean): ProductFormValues {
  return {
    product_code: clone ? '' : product.product_code,
    product_name: product.product_name,
    alt_name: product.alt_name,
    brand: product.brand,
    width: product.width ?? '',
    height: product.height ?? '',
    diameter: product.diameter ?? '',
    weight_grams: product.weight_grams ?? '',
    time_period: product.time_period,
    country_origin: product.country_origin,
    hashtag_list: [...product.hashtag_list],
    description: product.description,
    native_currency: product.native_currency,
    ...(product.default_cost !== undefined && { default_cost: product.default_cost }),
    retail_price_native: product.retail_price_native,
    discount: product.discount,
    tax: product.tax,
    remarks: product.remarks,
    supplier_description: product.supplier_description,
    stock_type: product.stock_type,
    category_id: product.category_id,
    permit_no: product.permit_no,
    arrival_date: product.arrival_date ?? '',
    shipout_date: product.shipout_date ?? '',
    declaration_type: product.declaration_type ?? '',
    shipping_method: product.shipping_method ?? '',
    gross_margin_scheme: product.gross_margin_scheme,
    total_tax: product.total_tax ?? '',
  };
}

/** The form of one product route: `{type}` and `?id=` from the URL. */
export function ProductFormRoute({ page }: { page: ProductPage }) {
  const mode = useFormMode();
  return <ProductForm key={mode.formKey} {...mode} page={page} />;
}

/** A label and a figure of the pricing summary. */
function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-sm font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function ProductForm({ mode, id, isNew, readOnly, page }: FormMode & { page: ProductPage }) {
  const { t } = useTranslation();
  const can = useCan();
  const { user } = useSession();
  const seesCost = user?.role.can_see_cost ?? false;
  const keys = pageKeys(page);
  const needsRecord = mode !== 'new' && mode !== 'create';
  const { data: record, error, isLoading } = productsApi.useRecord(needsRecord ? id : undefined);
  const { data: categoryRows } = itemCategoriesApi('product').useOptions('category_name');
  const { data: context } = useProductPricingContext();
  const form = useForm<ProductFormValues, unknown, ValidProductInput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: seesCost ? { ...BLANK, default_cost: '0.00' } : BLANK,
  });
  const values = useMemo(() => (record ? toFormValues(record, mode === 'clone') : undefined), [record, mode]);
  const { control, watch, getValues, setValue } = form;
  const bind = useFieldProps(form, readOnly);

  // A new product starts with the settings' default GST rate.
  useEffect(() => {
    if (context && !record && getValues('tax') === undefined) setValue('tax', context.default_gst_rate);
  }, [context, record, getValues, setValue]);

  const categories = useMemo(() => {
    const options = (categoryRows ?? []).map((row) => ({ value: row.category_id, label: row.category_name }));
    // The record's own category stays choosable while archived.
    if (record && !options.some((option) => option.value === record.category_id)) {
      options.push({ value: record.category_id, label: record.category_name });
    }
    return [{ value: '', label: t('products:product.selectCategory') }, ...options];
  }, [categoryRows, record, t]);
  const currencies = useMemo(() => CURRENCIES.map((currency) => ({ value: currency, label: currency })), []);
  const stockTypes = useMemo(
    () => STOCK_TYPES.map((type) => ({ value: type, label: t(`products:stockTypes.${type}`) })),
    [t],
  );
  const declarationTypes = useMemo(
    () => [
      { value: '', label: t('products:product.none') },
      ...DECLARATION_TYPES.map((type) => ({ value: type, label: t(`products:declarationTypes.${type}`) })),
    ],
    [t],
  );
  const shippingMethods = useMemo(
    () => [
      { value: '', label: t('products:product.none') },
      ...SHIPPING_METHODS.map((method) => ({ value: method, label: method })),
    ],
    [t],
  );
  const taxRates = useMemo(() => {
    const rates = [...(context?.gst_rates ?? [])];
    if (record && !rates.includes(record.tax)) rates.push(record.tax);
    return rates.map((rate) => ({ value: rate, label: formatPercent(rate) }));
  }, [context, record]);

  // Live figures while editing; the saved ones (at the rate of the day it was saved) in view mode.
  const [currency, nativePrice, cost, tax] = watch(['native_currency', 'retail_price_native', 'default_cost', 'tax']);
  const rateToday = context?.rates.find((rate) => rate.currency === currency);
  const live = useMemo(() => {
    const price = String(nativePrice ?? '');
    const costText = String(cost ?? record?.default_cost ?? '0');
    if (!rateToday?.rate || !isDecimalText(price) || !isDecimalText(String(tax ?? ''))) return null;
    return productPricing({
      retail_price_native: price,
      default_cost: isDecimalText(costText) ? costText : '0',
      tax: String(tax),
      rate: rateToday.rate,
    });
  }, [nativePrice, cost, tax, rateToday, record]);
  const shown = readOnly && record ? record : live;
  const rateLine = (() => {
    if (readOnly && record) {
      return t('products:product.pricing.savedRate', {
        rate: formatQuantity(record.exchange_rate, 6),
        currency: record.native_currency,
      });
    }
    if (!context) return null;
    if (!rateToday?.rate) return t('products:product.pricing.noRate', { currency });
    return rateToday.effective_date
      ? t('products:product.pricing.rateSince', {
          rate: formatQuantity(rateToday.rate, 6),
          currency,
          date: formatDate(rateToday.effective_date),
        })
      : t('products:product.pricing.rate', { rate: formatQuantity(rateToday.rate, 6), currency });
  })();

  const canEdit = can(keys, 'edit');
  const editLocked = mode === 'view' || !canEdit || record?.status === 'archived';

  return (
    <FormShell
      form={form}
      mode={mode}
      title={t(`routes:${page.routeId}`)}
      subtitle={record && !isNew ? `${record.product_code} ${record.display_name}` : undefined}
      permissionKey={keys}
      record={isNew ? undefined : record}
      values={values}
      loading={needsRecord && Boolean(id) && isLoading}
      loadError={needsRecord && !id ? true : error}
      listPath={page.path}
      editPath={id ? `${page.path}/edit?id=${encodeURIComponent(id)}` : undefined}
      editable={record?.status !== 'archived'}
      errorFields={{
        CATALOG_PRODUCT_DUPLICATE: 'product_code',
        CATALOG_PRODUCT_ID_CHANGED: 'product_code',
        CATALOG_PRODUCT_REFERENCE_INVALID: 'category_id',
        CATALOG_PRODUCT_NO_EXCHANGE_RATE: 'native_currency',
        CATALOG_PRODUCT_TAX_RATE_INVALID: 'tax',
      }}
      attachments={
        record && !isNew ? (
          <div className="space-y-4">
            <ProductImages
              productId={record.product_id}
              productCode={record.product_code}
              coverImageId={record.cover_image_id}
              readOnly={editLocked}
            />
            <AttachmentList
              service="catalog"
              ownerType={PRODUCT_DOCUMENT_OWNER_TYPE}
              ownerId={record.product_id}
              maxCount={PRODUCT_MAX_DOCUMENTS}
              readOnly={editLocked}
            />
          </div>
        ) : (
          <p
            className="rounded-lg bg-white px-4 py-6 text-center text-sm text-slate-500 ring-1 ring-slate-200"
            data-testid="product-files-save-first"
          >
            {t('products:images.saveFirst')}
          </p>
        )
      }
      onSave={async (input, { idempotencyKey }) => {
        const saved =
          mode === 'edit' && id
            ? await productsApi.update(id, input, idempotencyKey)
            : await productsApi.create(input, idempotencyKey);
        return `${page.path}/view?id=${encodeURIComponent(saved.product_code)}`;
      }}
      extraButtons={
        mode === 'view' &&
        record &&
        canEdit && (
          <Link
            to={`${page.path}/clone?id=${encodeURIComponent(record.product_code)}`}
            className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid="form-clone"
          >
            <Icon name="copy" />
            {t('kit:actions.clone')}
          </Link>
        )
      }
    >
      <FormSection
        title={t('products:product.sections.basic')}
        description={readOnly ? undefined : t('products:product.sections.basicHelp')}
      >
        <TextField
          {...bind.text('product_code', t('products:product.fields.product_code'), { required: true })}
          readOnly={mode === 'edit'}
          placeholder={t('products:product.placeholders.product_code')}
          hint={readOnly ? undefined : t('products:product.hints.product_code')}
        />
        <TextField {...bind.text('product_name', t('products:product.fields.product_name'), { required: true })} />
        <TextField
          {...bind.text('alt_name', t('products:product.fields.alt_name'))}
          hint={readOnly ? undefined : t('products:product.hints.alt_name')}
        />
        <TextField {...bind.text('brand', t('products:product.fields.brand'))} />
        <ControlledSelect
          {...bind.select('category_id', t('products:product.fields.category'), { required: true })}
          options={categories}
          data-testid="product-category"
        />
        <ControlledSelect
          {...bind.select('stock_type', t('products:product.fields.stock_type'), { required: true })}
          options={stockTypes}
          data-testid="product-stock-type"
        />
        <TextField {...bind.text('time_period', t('products:product.fields.time_period'))} />
        <TextField {...bind.text('country_origin', t('products:product.fields.country_origin'))} />
        <Controller
          control={control}
          name="hashtag_list"
          render={({ field, fieldState }) => (
            <div className="sm:col-span-2">
              <TagInput
                label={t('products:product.fields.hashtag_list')}
                value={field.value ?? []}
                onChange={field.onChange}
                disabled={readOnly}
                placeholder={readOnly ? undefined : t('products:product.placeholders.hashtag_list')}
                emptyText={t('products:product.noHashtags')}
                error={fieldState.error?.message}
                data-testid="product-hashtags"
              />
            </div>
          )}
        />
        <TextField {...bind.text('description', t('products:product.fields.description'))} className="sm:col-span-2" />
        <TextField
          {...bind.text('supplier_description', t('products:product.fields.supplier_description'))}
          className="sm:col-span-2"
        />
        <TextField {...bind.text('remarks', t('products:product.fields.remarks'))} className="sm:col-span-2" />
      </FormSection>

      <FormSection
        title={t('products:product.sections.dimensions')}
        description={readOnly ? undefined : t('products:product.sections.dimensionsHelp')}
      >
        <TextField {...bind.text('width', t('products:product.fields.width'))} inputMode="decimal" />
        <TextField {...bind.text('height', t('products:product.fields.height'))} inputMode="decimal" />
        <TextField {...bind.text('diameter', t('products:product.fields.diameter'))} inputMode="decimal" />
        <TextField {...bind.text('weight_grams', t('products:product.fields.weight_grams'))} inputMode="decimal" />
      </FormSection>

      <FormSection
        title={t('products:product.sections.pricing')}
        description={readOnly ? undefined : t('products:product.sections.pricingHelp')}
      >
        <ControlledSelect
          {...bind.select('native_currency', t('products:product.fields.native_currency'), { required: true })}
          options={currencies}
          hint={!readOnly && context && !rateToday?.rate ? <CurrencyRateWarning currency={currency} /> : undefined}
          data-testid="product-currency"
        />
        {seesCost ? (
          <TextField
            {...bind.text('default_cost', t('products:product.fields.default_cost'))}
            inputMode="decimal"
            hint={readOnly ? undefined : t('products:product.hints.default_cost')}
          />
        ) : (
          <div aria-hidden="true" className="hidden sm:block" />
        )}
        <TextField
          {...bind.text('retail_price_native', t('products:product.fields.retail_price_native'), { required: true })}
          inputMode="decimal"
          placeholder={t('products:product.placeholders.decimal')}
        />
        <TextField {...bind.text('discount', t('products:product.fields.discount'))} inputMode="decimal" />
        <Controller
          control={control}
          name="tax"
          render={({ field, fieldState }) => (
            <Select<string>
              label={t('products:product.fields.tax')}
              required={!readOnly}
              value={String(field.value ?? '')}
              onChange={field.onChange}
              options={taxRates}
              disabled={readOnly}
              hint={readOnly ? undefined : t('products:product.hints.tax')}
              error={fieldState.error?.message}
              data-testid="product-tax"
            />
          )}
        />
        <div
          className="rounded-md bg-slate-50 px-4 py-2 ring-1 ring-slate-200 sm:row-span-2"
          data-testid="product-pricing"
        >
          {rateLine && <p className="pb-1 text-xs text-slate-500">{rateLine}</p>}
          <dl className="divide-y divide-slate-200">
            <Figure
              label={t('products:product.fields.retail_price_usd')}
              value={shown ? formatMoney(shown.retail_price_usd, 'USD') : t('products:product.pricing.notDerived')}
              testId="product-retail-usd"
            />
            {seesCost && (
              <Figure
                label={t('products:product.fields.mark_up')}
                value={shown?.mark_up ? formatPercent(shown.mark_up) : t('products:product.pricing.notDerived')}
                testId="product-mark-up"
              />
            )}
            <Figure
              label={t('products:product.fields.retail_with_tax_usd')}
              value={shown ? formatMoney(shown.retail_with_tax_usd, 'USD') : t('products:product.pricing.notDerived')}
              testId="product-retail-with-tax-usd"
            />
          </dl>
        </div>
      </FormSection>

      <FormSection title={t('products:product.sections.permit')}>
        <TextField {...bind.text('permit_no', t('products:product.fields.permit_no'))} />
        <Controller
          control={control}
          name="declaration_type"
          render={({ field, fieldState }) => (
            <Select<string>
              label={t('products:product.fields.declaration_type')}
              value={field.value ?? ''}
              onChange={field.onChange}
              options={declarationTypes}
              disabled={readOnly}
              error={fieldState.error?.message}
              data-testid="product-declaration-type"
            />
          )}
        />
        <DateField {...bind.text('arrival_date', t('products:product.fields.arrival_date'))} />
        <DateField {...bind.text('shipout_date', t('products:product.fields.shipout_date'))} />
        <Controller
          control={control}
          name="shipping_method"
          render={({ field, fieldState }) => (
            <Select<string>
              label={t('products:product.fields.shipping_method')}
              value={field.value ?? ''}
              onChange={field.onChange}
              options={shippingMethods}
              disabled={readOnly}
              error={fieldState.error?.message}
              data-testid="product-shipping-method"
            />
          )}
        />
        <TextField {...bind.text('total_tax', t('products:product.fields.total_tax'))} inputMode="decimal" />
        <Controller
          control={control}
          name="gross_margin_scheme"
          render={({ field }) => (
            <Switch
              className="sm:col-span-2"
              label={t('products:product.fields.gross_margin_scheme')}
              description={t('products:product.hints.gross_margin_scheme')}
              checked={Boolean(field.value)}
              onChange={field.onChange}
              disabled={readOnly}
              data-testid="product-gms"
            />
          )}
        />
      </FormSection>

      {record && !isNew && (
        <FormSection title={t('products:product.sections.printing')}>
          <p className="text-sm text-slate-700" data-testid="product-printed">
            <span className="text-slate-500">{t('products:product.fields.is_printed')}: </span>
            {record.is_printed ? t('products:product.printing.printed') : t('products:product.printing.notPrinted')}
          </p>
          <p className="text-sm text-slate-700">
            <span className="text-slate-500">{t('products:product.fields.last_printed_date')}: </span>
            {formatDate(record.last_printed_date)}
          </p>
        </FormSection>
      )}
    </FormShell>
  );
}
