// The data of the list benchmark (bench/list-queries.mjs): master data in catalog's schema, written set-based
// (INSERT ... SELECT generate_series) straight into the tables the migrations created, in one transaction.
// Text is drawn from word lists so searches select as they would on a real catalogue: a common word ("rice",
// "frozen") matches a few percent of the rows, a code or a barcode fragment a handful, a typo none.
// Deterministic: setseed() fixes random() for the session.

/** Word lists as text: items separated by commas (and line breaks); `pairs` splits each item at "/". */
const list = (text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const pairs = (text) => list(text).map((item) => item.split('/'));

export const ADJECTIVES = list(`
  Fresh, Frozen, Organic, Premium, Smoked, Dried, Roasted, Sliced, Whole, Ground, Pickled, Spicy, Sweet,
  Salted, Unsalted, Low-fat, Extra Virgin, Baby, Jumbo, Mini, Wild, Free-range, Aged, Crispy, Instant,
  Fine, Coarse, Light, Dark, Golden, Red, Green, White, Black, Thai, Japanese, Korean, Italian, French,
  Australian
`);

export const NOUNS = list(`
  Rice, Jasmine Rice, Basmati Rice, Flour, Sugar, Salt, Butter, Cheddar, Mozzarella, Parmesan, Cream, Milk,
  Yoghurt, Eggs, Chicken Breast, Chicken Thigh, Beef Brisket, Pork Belly, Lamb Shoulder, Salmon Fillet,
  Tuna, Prawns, Squid, Scallops, Tofu, Soy Sauce, Oyster Sauce, Fish Sauce, Sesame Oil, Olive Oil,
  Canola Oil, Vinegar, Ketchup, Mayonnaise, Mustard, Chilli Paste, Curry Paste, Coconut Milk, Egg Noodles,
  Udon, Ramen, Spaghetti, Penne, Sandwich Bread, Baguette, Croissant, Tortilla, Potatoes, Onions, Garlic,
  Ginger, Tomatoes, Lettuce, Cabbage, Carrots, Mushrooms, Spinach, Broccoli, Sweet Corn, Green Peas,
  Bean Sprouts, Lemons, Limes, Orange Juice, Apples, Bananas, Strawberries, Mangoes, Pineapple,
  Coffee Beans, Green Tea, Cocoa Powder, Chocolate, Vanilla Extract, Honey, Peanut Butter, Almonds,
  Cashews, Napkins, Takeaway Box, Paper Cups, Straws, Cling Wrap, Gloves, Detergent
`);

export const SIZES = list(`
  100g, 250g, 500g, 1kg, 2kg, 5kg, 10kg, 20kg, 250ml, 500ml, 1L, 2L, 5L, 6pcs, 12pcs, 24pcs, 30pcs, 50pcs,
  100pcs, Carton
`);

export const BRANDS = list(`
  Golden Harvest, Bluebird, Sunrise Farms, Pacific Catch, Alpine Dairy, Royal Orchid, Lotus, Kitchen Pro,
  Evergreen, Red Lantern, Silver Spoon, Oceanic, Highland, Twin Dragons, Maple Leaf, Savanna, Nordic Bay,
  Jade Garden, Tropicana Fields, Urban Baker, CleanCo, PackRight, Heritage Mill, Fuji Select,
  Seoul Kitchen, Casa Italia, Le Marché, Outback Fresh, Morning Glory, Spice Route
`);

export const CHINESE_QUALIFIERS = list(`
  新鲜, 冷冻, 有机, 优质, 烟熏, 干, 烤, 切片, 整, 磨碎, 腌, 辣, 甜, 咸
`);
export const CHINESE_NOUNS = list(`
  米, 香米, 面粉, 糖, 盐, 黄油, 奶酪, 奶油, 牛奶, 酸奶, 鸡蛋, 鸡胸肉, 鸡腿, 牛腩, 五花肉, 羊肩, 三文鱼, 金枪鱼, 虾, 鱿鱼,
  扇贝, 豆腐, 酱油, 蚝油, 鱼露, 麻油, 橄榄油, 醋, 番茄酱, 面条, 乌冬面, 拉面, 面包, 土豆, 洋葱, 大蒜, 生姜, 番茄, 生菜, 白菜,
  胡萝卜, 蘑菇, 菠菜, 柠檬, 苹果, 香蕉, 草莓, 芒果, 咖啡豆, 绿茶, 巧克力, 蜂蜜, 杏仁, 纸巾, 外卖盒, 纸杯, 手套
`);

export const HASHTAGS = list(`
  bestseller, seasonal, halal, vegan, gluten-free, imported, local, chilled, frozen, dry, bulk, promo,
  kitchen, bar, bakery, packaging, cleaning, organic, premium, breakfast, lunch, dinner, dessert, beverage,
  sauce, spice, seafood, meat, dairy, produce, staple, central-kitchen, outlet-only, fragile, high-margin,
  slow-moving, fast-moving, new-arrival, discontinued-soon, supplier-promo
`);

const CATEGORY_NAMES = list(`
  Dry Goods, Chilled, Frozen, Meat, Seafood, Dairy, Produce, Fruit, Bakery, Beverages, Sauces, Condiments,
  Spices, Oils, Noodles & Pasta, Rice & Grains, Snacks, Confectionery, Coffee & Tea, Packaging, Cleaning,
  Disposables, Kitchen Tools, Uniforms, Stationery, Canned Goods, Baking Supplies, Nuts & Seeds, Eggs,
  Tofu & Soy, Herbs, Desserts, Frozen Meals, Ready to Eat, Alcohol, Soft Drinks, Water, Juices,
  Imported Specials, Seasonal
`);
const SUB_CATEGORY_NAMES = ['General', 'Premium', 'Imported', 'Local', 'Bulk'];

const UOMS = pairs(`
  pcs/piece, box/pcs, carton/pcs, pack/pcs, dozen/pcs, kg/g, g/mg, bag/kg, sack/kg, L/ml, ml/ml, bottle/ml,
  can/ml, tray/pcs, roll/m, case/bottle, tub/g, jar/g, bundle/pcs, crate/kg, pail/L, drum/L, sheet/pcs,
  slab/kg, loaf/pcs, portion/g, tin/g, sachet/g, stick/pcs, block/g
`);

const PRODUCT_WORDS = list(`
  Diamond Ring, Gold Necklace, Pearl Earrings, Silver Bracelet, Sapphire Pendant, Emerald Brooch,
  Ruby Ring, Chronograph Watch, Diver Watch, Dress Watch, Pocket Watch, Cufflinks, Tiara, Bangle, Anklet,
  Signet Ring, Tennis Bracelet, Charm Necklace, Hoop Earrings, Choker
`);
const PRODUCT_MATERIALS = list(`
  18K Gold, Platinum, Rose Gold, White Gold, Sterling Silver, Titanium, Steel, Ceramic, Jade, Onyx, Opal,
  Topaz, Amethyst, Garnet, Aquamarine
`);
const PRODUCT_BRANDS = list(`
  Aurelia, Belmont, Cartier Lane, Dorian, Elysee, Fabergine, Grandeur, Halcyon, Imperia, Juniper & Co,
  Kensington, Lumiere, Montclair, Noble Time, Orsini, Prestige, Quartzline, Regalia, Sterling Row, Tempora
`);
const PRODUCT_CATEGORIES = list(`
  Rings, Necklaces, Earrings, Bracelets, Watches, Brooches, Pendants, Cufflinks, Bangles, Anklets, Tiaras,
  Loose Stones, Vintage, Bridal, Men, Limited Edition, Repairs, Gift Sets, Straps, Boxes
`);
const COUNTRIES = ['Switzerland', 'Italy', 'France', 'Japan', 'Singapore', 'Thailand', 'India', 'Belgium', 'USA', 'UK'];

/** A random element of a text[] parameter: `pick($n)`. */
const pick = (param) => `(${param}::text[])[1 + floor(random() * cardinality(${param}::text[]))::int]`;

/**
 * Seeds `skus` SKUs and `products` products into catalog's schema. `client` is a connected pg client whose
 * search_path is catalog's schema. Returns the seconds each part took.
 */
export async function seedCatalog(client, { skus, products }) {
  const timings = {};
  const timed = async (label, run) => {
    const started = performance.now();
    await run();
    timings[label] = (performance.now() - started) / 1000;
  };
  // Trigram indexes are kept with fastupdate off (each row goes straight into the index): slow for a bulk load.
  // Pending lists during the load, then everything into the index and the setting back as it was.
  const { rows: ginIndexes } = await client.query(
    `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_am am ON am.oid = i.relam
     WHERE am.amname = 'gin' AND t.relname IN ('sku', 'product') AND t.relnamespace = current_schema()::regnamespace
       AND 'fastupdate=off' = ANY(i.reloptions)`,
  );
  for (const { name } of ginIndexes) await client.query(`ALTER INDEX "${name}" SET (fastupdate = on)`);
  await client.query('BEGIN');
  await client.query('SELECT setseed(0.42)');
  const who = 'bench';

  await timed('uom, suppliers, categories', async () => {
    await client.query(
      `INSERT INTO uom (uom_id, uom_name, secondary_uom, uom_per_primary, status, revision, created_by, last_updated_by)
       SELECT gen_random_uuid(), u.name, u.secondary, 1 + (u.n % 12), 'active', 1, $3, $3
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u(name, secondary, n)`,
      [UOMS.map((u) => u[0]), UOMS.map((u) => u[1]), who],
    );
    await client.query(
      `INSERT INTO supplier_category (category_id, category_name, status, revision)
       SELECT gen_random_uuid(), name, 'active', 1 FROM unnest($1::text[]) AS name`,
      [['Food', 'Beverage', 'Packaging', 'Cleaning', 'Equipment']],
    );
    await client.query(
      `INSERT INTO supplier (supplier_id, company_name, credit_term_in_days, contact_name, contact_no, address,
         postal_code, country, minimum_order_value, category_id, gst_price_type, gst_rate, tax_rate, tax_type,
         hashtag_list, status, revision, created_by, last_updated_by)
       SELECT 'SUP-' || lpad(i::text, 4, '0'), ${pick('$1')} || ' ' || ${pick('$2')} || ' Pte Ltd', 30,
         'Contact ' || i, '+65 6' || lpad(i::text, 7, '0'), i || ' Supply Road', lpad((100000 + i)::text, 6, '0'),
         'Singapore', 100, (SELECT category_id FROM supplier_category ORDER BY random() LIMIT 1), 'exclusive', 9, 9,
         'GST', '[]', 'active', 1, $3, $3
       FROM generate_series(1, 500) AS i`,
      [BRANDS, ['Trading', 'Foods', 'Supplies', 'Distribution', 'Imports', 'Wholesale'], who],
    );
    await client.query(
      `INSERT INTO sku_category (category_id, category_name, status, revision, created_by, last_updated_by)
       SELECT gen_random_uuid(), name, 'active', 1, $2, $2 FROM unnest($1::text[]) AS name`,
      [CATEGORY_NAMES, who],
    );
    await client.query(
      `INSERT INTO sku_sub_category (sub_category_id, category_id, sub_category_name, position)
       SELECT gen_random_uuid(), c.category_id, s.name, s.n - 1
       FROM sku_category c CROSS JOIN unnest($1::text[]) WITH ORDINALITY AS s(name, n)`,
      [SUB_CATEGORY_NAMES],
    );
  });

  await timed('skus', async () => {
    // Units are names (docs/units-of-measure.md): here one per UOM record, `<uom_name>-<secondary_uom>`, each
    // with the SKU's own factor. Per SKU: a category and one of its sub-categories (or none), two units (primary, purchasing,
    // counting), one to three suppliers with a default, names from the word lists, 0-3 hashtags, 0-2
    // alternate names, a status (70 % active, 20 % new, 10 % archived) and an update time within two years.
    await client.query(
      `CREATE TEMP TABLE bench_sku ON COMMIT DROP AS
       SELECT i,
         'SKU-' || lpad(i::text, 6, '0') AS sku_id,
         ${pick('$1')} AS adjective, ${pick('$2')} AS noun, ${pick('$3')} AS size, ${pick('$4')} AS brand,
         ${pick('$5')} || ${pick('$6')} AS ch_name,
         1 + floor(random() * 40)::int AS category_n, floor(random() * 6)::int AS sub_n,
         1 + floor(random() * 30)::int AS uom1, 1 + floor(random() * 29)::int AS uom2_step,
         1 + floor(random() * 500)::int AS supplier1, 1 + floor(random() * 3)::int AS supplier_count,
         random() AS r_status, random() AS r_default, random() AS r_price,
         floor(random() * 4)::int AS tag_count, floor(random() * 3)::int AS alt_count,
         now() - random() * interval '730 days' AS updated
       FROM generate_series(1, $7::int) AS i`,
      [ADJECTIVES, NOUNS, SIZES, BRANDS, CHINESE_QUALIFIERS, CHINESE_NOUNS, skus],
    );
    await client.query(`
      CREATE TEMP TABLE bench_uom ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY uom_name, secondary_uom)::int AS n, uom_id,
             uom_name || '-' || secondary_uom AS unit FROM uom`);
    await client.query(`
      CREATE TEMP TABLE bench_category ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY category_name)::int AS n, category_id FROM sku_category`);
    await client.query(
      `INSERT INTO sku (sku_id, name, display_name, ch_display_name, alternate_display_name_list, category_id,
         sub_category_id, primary_uom_name, purchasing_uom_name, receiving_uom_name, counting_uom_name, barcode,
         threshold,
         is_inventorise, default_wastage_percentage, max_order_qty, account_code, gl_code, hashtag_list,
         supplier_description, product_brand, packaging_detail, default_supplier_id, status, revision,
         created_time, last_updated_time, created_by, last_updated_by)
       SELECT b.sku_id,
         b.adjective || ' ' || b.noun || ' ' || b.size,
         b.brand || ' ' || b.noun,
         b.ch_name,
         (SELECT coalesce(jsonb_agg(b.adjective || ' ' || b.noun || ' ' || a), '[]')
            FROM unnest(ARRAY['(' || b.brand || ')', 'bulk']) WITH ORDINALITY AS x(a, n) WHERE x.n <= b.alt_count),
         c.category_id,
         (SELECT sc.sub_category_id FROM sku_sub_category sc
            WHERE sc.category_id = c.category_id AND sc.position = b.sub_n),
         u1.unit, u2.unit, u2.unit, u1.unit,
         '885' || lpad((b.i * 7919 % 10000000000)::text, 10, '0'),
         (b.i % 50)::numeric, b.i % 10 <> 0, (b.i % 5)::numeric, CASE WHEN b.i % 3 = 0 THEN 500 END,
         'AC-' || (1000 + b.i % 200), 'GL-' || (5000 + b.i % 90),
         (SELECT coalesce(jsonb_agg(DISTINCT ($1::text[])[1 + (b.i * k * 31 + k) % cardinality($1::text[])]), '[]')
            FROM generate_series(1, b.tag_count) AS k),
         'Supplied as ' || b.size, b.brand, b.size || ' per pack',
         CASE WHEN b.r_default < 0.8 THEN 'SUP-' || lpad(b.supplier1::text, 4, '0') END,
         CASE WHEN b.r_status < 0.7 THEN 'active' WHEN b.r_status < 0.9 THEN 'new' ELSE 'archived' END,
         1, b.updated - interval '30 days', b.updated, $2, $2
       FROM bench_sku b
       JOIN bench_category c ON c.n = b.category_n
       JOIN bench_uom u1 ON u1.n = b.uom1
       JOIN bench_uom u2 ON u2.n = 1 + (b.uom1 - 1 + b.uom2_step) % 30`,
      [HASHTAGS, who],
    );
    await client.query(
      `INSERT INTO sku_uom (sku_id, uom_name, factor, position)
       SELECT b.sku_id, u1.unit, 1, 0 FROM bench_sku b JOIN bench_uom u1 ON u1.n = b.uom1
       UNION ALL
       SELECT b.sku_id, u2.unit, 1 + b.i % 24, 1 FROM bench_sku b
         JOIN bench_uom u2 ON u2.n = 1 + (b.uom1 - 1 + b.uom2_step) % 30`,
    );
    await client.query(
      `INSERT INTO sku_supplier (sku_id, supplier_id, position)
       SELECT b.sku_id, 'SUP-' || lpad((1 + (b.supplier1 - 1 + k * 137) % 500)::text, 4, '0'), k
       FROM bench_sku b, generate_series(0, b.supplier_count - 1) AS k`,
    );
    // Prices for about 30 % of the SKUs: the default (or first) supplier's price of the purchasing UOM.
    await client.query(
      `INSERT INTO supplier_price (sku_id, supplier_id, uom_name, current_price, revision, created_by, last_updated_by)
       SELECT b.sku_id, 'SUP-' || lpad(b.supplier1::text, 4, '0'), u2.unit, round((1 + b.r_price * 200)::numeric, 2),
         1, $1, $1
       FROM bench_sku b JOIN bench_uom u2 ON u2.n = 1 + (b.uom1 - 1 + b.uom2_step) % 30
       WHERE b.r_price < 0.3`,
      [who],
    );
    // What a saved SKU records: it uses its category, its UOMs and its suppliers; and about 5 % of the SKUs
    // are used by a BOM (the list's in-use column).
    await client.query(
      `INSERT INTO record_usage (target_type, target_id, used_by_type, used_by_id)
       SELECT 'sku_category', category_id::text, 'sku', sku_id FROM sku
       UNION ALL SELECT 'uom', uom_id::text, 'sku', sku_id FROM sku_uom WHERE uom_id IS NOT NULL
       UNION ALL SELECT 'supplier', supplier_id, 'sku', sku_id FROM sku_supplier
       UNION ALL SELECT 'sku', sku_id, 'sku_bom', 'BOM-' || i FROM bench_sku WHERE i % 20 = 0`,
    );
  });

  await timed('products', async () => {
    await client.query(
      `INSERT INTO item_category (category_id, kind, category_name, status, revision, created_by, last_updated_by)
       SELECT gen_random_uuid(), 'product', name, 'active', 1, $2, $2 FROM unnest($1::text[]) AS name`,
      [PRODUCT_CATEGORIES, who],
    );
    await client.query(`
      CREATE TEMP TABLE bench_product_category ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY category_name)::int AS n, category_id
      FROM item_category WHERE kind = 'product'`);
    await client.query(
      `INSERT INTO product (product_id, product_code, product_name, alt_name, brand, width, height, weight_grams,
         country_origin, hashtag_list, description, native_currency, default_cost, retail_price_native,
         exchange_rate, exchange_rate_date, retail_price_usd, mark_up, discount, tax, retail_with_tax_usd,
         stock_type, category_id, permit_no, arrival_date, declaration_type, shipping_method, gross_margin_scheme,
         is_printed, status, revision, created_time, last_updated_time, created_by, last_updated_by)
       SELECT gen_random_uuid(), p.code, p.material || ' ' || p.word, p.alt, p.brand, 10 + p.i % 40, 5 + p.i % 30,
         1 + p.i % 500, p.country, p.tags, 'Bench product ' || p.i, p.currency, p.cost, p.retail, p.rate,
         current_date, round(p.retail * p.rate, 2), round((p.retail - p.cost) / greatest(p.cost, 1) * 100, 2), 0, 9,
         round(p.retail * p.rate * 1.09, 2), p.stock_type, c.category_id, CASE WHEN p.i % 4 = 0 THEN 'P' || p.i ELSE '' END,
         current_date - (p.i % 400), CASE WHEN p.i % 4 = 0 THEN 'GST' END, CASE WHEN p.i % 4 = 0 THEN 'DHL' END,
         p.i % 7 = 0, p.i % 2 = 0, p.status, 1, p.updated - interval '10 days', p.updated, $7, $7
       FROM (
         SELECT i,
           (ARRAY['JW', 'WT', 'RG', 'NK', 'BR'])[1 + i % 5] || '-' || lpad(i::text, 6, '0') AS code,
           ${pick('$1')} AS word, ${pick('$2')} AS material, ${pick('$3')} AS brand,
           CASE WHEN random() < 0.3 THEN ${pick('$2')} || ' piece' ELSE '' END AS alt,
           ${pick('$4')} AS country,
           (SELECT coalesce(jsonb_agg(DISTINCT ($5::text[])[1 + (i * k * 17 + k) % cardinality($5::text[])]), '[]')
              FROM generate_series(1, i % 4) AS k) AS tags,
           (ARRAY['USD', 'SGD', 'EUR', 'GBP'])[1 + i % 4] AS currency,
           (ARRAY[1, 0.74, 1.08, 1.27])[1 + i % 4]::numeric AS rate,
           round((50 + random() * 5000)::numeric, 2) AS cost,
           round((100 + random() * 10000)::numeric, 2) AS retail,
           (ARRAY['Inventory', 'Consignment', 'External Consignment'])[1 + i % 3] AS stock_type,
           1 + floor(random() * cardinality($1::text[]))::int AS category_n,
           CASE WHEN random() < 0.7 THEN 'active' WHEN random() < 0.67 THEN 'new' ELSE 'archived' END AS status,
           now() - random() * interval '730 days' AS updated
         FROM generate_series(1, $6::int) AS i
       ) AS p
       JOIN bench_product_category c ON c.n = 1 + p.category_n % ${PRODUCT_CATEGORIES.length}`,
      [PRODUCT_WORDS, PRODUCT_MATERIALS, PRODUCT_BRANDS, COUNTRIES, HASHTAGS, products, who],
    );
  });

  await timed('commit', () => client.query('COMMIT'));
  await timed('trigram indexes', async () => {
    for (const { name } of ginIndexes) {
      await client.query(`ALTER INDEX "${name}" SET (fastupdate = off)`);
      await client.query(`SELECT gin_clean_pending_list($1::regclass)`, [name]);
    }
  });
  await timed('vacuum analyze', async () => {
    for (const table of [
      'uom',
      'supplier',
      'sku_category',
      'sku_sub_category',
      'sku',
      'sku_uom',
      'sku_supplier',
      'supplier_price',
      'record_usage',
      'item_category',
      'product',
      'attachment',
    ]) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
  });
  return timings;
}
