// Pure builder of the AsyncAPI 2.6 document from the contracts' event registry (no I/O).
import { z } from 'zod';

/** JSON Schema of a zod schema, without the $schema marker (AsyncAPI schemas are draft-07-like). */
function jsonSchema(schema) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' });
  return rest;
}

/**
 * @param {Record<string, {name: string, version: number, context: string, topic: string, description: string, payload: import('zod').ZodType}>} registry
 * @param {import('zod').ZodObject} envelopeSchema the envelope every event travels in; its payload is replaced per event
 * @param {{ version?: string }} [options]
 */
export function buildAsyncApi(registry, envelopeSchema, options = {}) {
  const channels = {};
  const messages = {};
  for (const def of Object.values(registry).sort((a, b) => a.topic.localeCompare(b.topic))) {
    const envelope = envelopeSchema.extend({ type: z.literal(def.name), version: z.literal(def.version), payload: def.payload });
    const messageName = `${def.name}V${def.version}`;
    messages[messageName] = {
      name: def.name,
      title: `${def.name} v${def.version}`,
      summary: def.description,
      contentType: 'application/json',
      headers: {
        type: 'object',
        properties: { type: { type: 'string', const: def.name }, version: { type: 'string', const: String(def.version) } },
      },
      payload: jsonSchema(envelope),
      'x-context': def.context,
      'x-kafka-key': 'aggregateId',
    };
    channels[def.topic] = {
      description: `${def.description} (context: ${def.context}; Kafka key: the envelope's aggregateId)`,
      subscribe: {
        operationId: `on${def.name}V${def.version}`,
        summary: `${def.name} v${def.version}, published by ${def.context}`,
        message: { $ref: `#/components/messages/${messageName}` },
      },
      bindings: { kafka: { bindingVersion: '0.4.0' } },
    };
  }
  return {
    asyncapi: '2.6.0',
    info: {
      title: 'Tuerca domain events',
      version: options.version ?? '1.0.0',
      description:
        "Every domain event of Tuerca, published to Kafka by the transactional outbox. Each message is a JSON envelope (eventId, type, version, occurredAt, aggregateId, actor) whose payload is the event's own schema.",
    },
    defaultContentType: 'application/json',
    servers: { kafka: { url: 'kafka:9092', protocol: 'kafka', description: 'The Kafka broker of the docker-compose stack' } },
    channels,
    components: { messages },
  };
}
