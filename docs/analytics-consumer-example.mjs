// For analysts: print every catalogue search as it happens (see docs/asyncapi.yaml, CatalogSearched).
//   KAFKA_BROKERS=localhost:9092 node docs/analytics-consumer-example.mjs
import { Kafka } from 'kafkajs';

const TOPIC = 'tuerca.catalog.catalog-searched.v1';
const kafka = new Kafka({ clientId: 'analytics-example', brokers: (process.env.KAFKA_BROKERS ?? 'localhost:9092').split(',') });
const consumer = kafka.consumer({ groupId: process.env.KAFKA_GROUP ?? 'analytics-example' });

await consumer.connect();
await consumer.subscribe({ topic: TOPIC, fromBeginning: true });
await consumer.run({
  eachMessage: async ({ message }) => {
    // The envelope: { eventId, type, version, occurredAt, aggregateId, actor, payload }.
    const event = JSON.parse(message.value?.toString() ?? '{}');
    const p = event.payload ?? {};
    console.log(
      [
        event.occurredAt,
        p.kind,
        p.query,
        p.personKind,
        p.catalogCode ?? '-',
        p.found ? 'encontrado' : 'NO ENCONTRADO',
        `${p.resultCount} resultados`,
        `${p.latencyMs} ms`,
      ].join('\t'),
    );
  },
});

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void consumer.disconnect().then(() => process.exit(0)));
