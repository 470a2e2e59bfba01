interface OpenApiDocument {
  openapi?: string;
  info?: unknown;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string }[];
}

/** One OpenAPI document from every reachable service's own (`<service>/api/docs/json`). */
export async function mergeOpenApi(serviceUrls: string[]): Promise<OpenApiDocument> {
  const merged: Required<OpenApiDocument> = {
    openapi: '3.0.0',
    info: { title: 'SCM', version: '1' },
    paths: {},
    components: { schemas: {}, securitySchemes: {} },
    tags: [],
  };
  const documents = await Promise.all(
    serviceUrls.map(async (url) => {
      try {
        const response = await fetch(`${url}/api/docs/json`, { signal: AbortSignal.timeout(3000) });
        return response.ok ? ((await response.json()) as OpenApiDocument) : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  for (const document of documents) {
    if (!document) continue;
    Object.assign(merged.paths, document.paths);
    Object.assign(merged.components.schemas!, document.components?.schemas);
    Object.assign(merged.components.securitySchemes!, document.components?.securitySchemes);
    for (const tag of document.tags ?? []) {
      if (!merged.tags.some((existing) => existing.name === tag.name)) merged.tags.push(tag);
    }
  }
  return merged;
}
