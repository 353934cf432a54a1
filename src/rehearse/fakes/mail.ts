// The mail fakes (sendmail, mail, mailx): recipients, subject and message, as `email.send`.
import type { CommandFake } from './fake.js';

export const mail: CommandFake = {
  kind: 'command',
  names: ['sendmail', 'mail', 'mailx'],
  run(call) {
    const { args, name } = call;
    const to: string[] = [];
    const cc: string[] = [];
    let subject: string | undefined;
    // sendmail -t (and mail -t) take the recipients from the message's headers.
    const fromHeaders = args.includes('-t');
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (name !== 'sendmail' && a === '-s') subject = args[++i];
      else if (name !== 'sendmail' && (a === '-c' || a === '-b')) cc.push(args[++i] ?? '');
      else if (a === '-r' || a === '-f' || a === '-a' || a === '-F' || a === '-S' || a === '-o') i++;
      else if (!a.startsWith('-')) to.push(a);
    }
    const message = call.stdin();
    if (name === 'sendmail' || fromHeaders) {
      const head = message.split(/\r?\n\r?\n/)[0] ?? '';
      for (const line of head.split(/\r?\n/)) {
        const m = /^(to|cc|bcc|subject):\s*(\S[^\n\r\u2028\u2029]*)?$/i.exec(line);
        if (!m) continue;
        const key = m[1]!.toLowerCase();
        const value = m[2] ?? '';
        if (key === 'subject') subject ??= value;
        else if (fromHeaders) (key === 'to' ? to : cc).push(...value.split(',').map((s) => s.trim()).filter(Boolean));
      }
    }
    call.record({ effect: 'email.send', via: name, to, cc, subject: subject ?? '', message });
    return 0;
  },
};
