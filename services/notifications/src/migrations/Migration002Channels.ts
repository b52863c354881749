import { Migration } from '@mikro-orm/migrations';

/** Real channels (issue 18): template variables and the provider's id on each message, WhatsApp's inbound side. */
export class Migration002Channels extends Migration {
  override name = 'Migration002Channels';

  override up(): void {
    // The template's variables (names, references, the link back to the console): e-mail bodies and WhatsApp
    // template parameters are built from them. The provider's id: SMTP Message-ID, WhatsApp's wamid.
    this.addSql(`alter table messages add column params jsonb not null default '{}'`);
    this.addSql(`alter table messages add column provider_message_id text`);
    // WhatsApp's status callbacks (sent, delivered, failed) name the message by its wamid.
    this.addSql(`create index messages_provider_message on messages (provider_message_id) where provider_message_id is not null`);
    // Every inbound WhatsApp message once: the webhook is retried by WhatsApp, so its id de-duplicates.
    this.addSql(`
      create table whatsapp_inbound (
        message_id text primary key,
        from_number text not null,
        kind text not null check (kind in ('quotation-answer', 'opt-out', 'opt-in', 'other')),
        quotation_id uuid,
        received_at timestamptz not null,
        body jsonb not null
      )`);
    // The customer-service window (24 h after the person's last message) is read from here.
    this.addSql(`create index whatsapp_inbound_from on whatsapp_inbound (from_number, received_at desc)`);
    // Numbers that answered 'BAJA' / 'STOP': no WhatsApp goes to them until they answer 'ALTA' / 'START'.
    this.addSql(`
      create table whatsapp_opt_outs (
        phone text primary key,
        keyword text not null,
        opted_out_at timestamptz not null
      )`);
  }
}
