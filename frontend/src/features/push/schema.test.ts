import { describe, expect, it } from 'vitest';
import { notificationSchema } from './schema';

const valid = { subject: 'Zimska akcija', notification_text: 'Popusti do 30 %', categories: [{ id: 1, name: 'Alati' }] };

describe('notificationSchema', () => {
  it('keeps line breaks in the text, as the server does', async () => {
    await expect(notificationSchema.validate({ ...valid, notification_text: 'Zimska akcija\nDo kraja mjeseca' })).resolves.toBeTruthy();
  });

  it('refuses a line break in the subject and a control character in the text', async () => {
    await expect(notificationSchema.validateAt('subject', { ...valid, subject: 'Zimska\nakcija' })).rejects.toThrow('validation.characters');
    await expect(notificationSchema.validateAt('notification_text', { ...valid, notification_text: 'Akcija\u0000' })).rejects.toThrow(
      'validation.characters',
    );
  });
});
