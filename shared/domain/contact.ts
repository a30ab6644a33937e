/** Contact records (spec "Contact", docs/contact-and-captcha.md): messages, the leads made from them, subscribers. */

export interface ContactMessage {
  messageId: number;
  senderName: string;
  senderEmail: string;
  senderPhone: string;
  messageSubject: string;
  messageContent: string;
  createdAt: string;
  /** The lead made from this message, when a phone number was given. */
  leadId?: number;
}

export interface Lead {
  leadId: number;
  name: string;
  email: string;
  phone: string;
  /** Where the lead came from ("contact" for the contact form). */
  source: string;
  messageId: number;
  createdAt: string;
}

export interface Subscriber {
  subscriberId: number;
  email: string;
  name: string;
  createdAt: string;
}
