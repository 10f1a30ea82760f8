import { trpc } from '@client/lib/trpc';

/** Sends the Contact us form to the sales team (contactUs.send). */
export function useSendContactMessage() {
  return trpc.contactUs.send.useMutation();
}
