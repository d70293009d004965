import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MailTexts } from '../mail-texts';

// Inline styles only: mail programs drop <style> blocks and external sheets. Colours are the
// app's teal (white on #0b7285 is 5.6:1) and its dimmed grey (≥ 4.5:1 on white).
const styles = {
  body: {
    backgroundColor: '#f1f3f5',
    margin: 0,
    padding: '24px 0',
    fontFamily: '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  },
  card: {
    backgroundColor: '#ffffff',
    borderRadius: '8px',
    padding: '32px 36px',
    maxWidth: '560px',
    border: '1px solid #dee2e6',
  },
  brand: { color: '#0b7285', fontSize: '22px', fontWeight: 700, margin: '0 0 24px' },
  text: { color: '#212529', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  dimmed: { color: '#5f6770', fontSize: '13px', lineHeight: '20px', margin: '0 0 12px' },
  button: {
    backgroundColor: '#0b7285',
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 22px',
    textDecoration: 'none',
  },
  link: { color: '#0b7285', wordBreak: 'break-all' as const },
  hr: { borderColor: '#dee2e6', margin: '28px 0 16px' },
};

/**
 * The frame of every mail: language, inbox preview line, the brand, the content, the footer
 * (`footer` replaces the usual "replies are not read" when a mail may be answered).
 */
export function MailLayout({
  lang,
  preview,
  texts,
  footer,
  children,
}: {
  lang: string;
  preview: string;
  texts: MailTexts;
  footer?: string;
  children: ReactNode;
}) {
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.card}>
          <Heading as="h1" style={styles.brand}>
            {texts.brand}
          </Heading>
          {children}
          <Hr style={styles.hr} />
          <Text style={styles.dimmed}>{footer ?? texts.footer}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the mail's body. */
export function Paragraph({ children, dimmed = false }: { children: ReactNode; dimmed?: boolean }) {
  return <Text style={dimmed ? styles.dimmed : styles.text}>{children}</Text>;
}

/** Class of what the text part leaves out (render-mail.tsx): the text part spells the button's link out already. */
export const HTML_ONLY_CLASS = 'html-only';

/** The mail's one action: a button, then the same link spelled out for mail programs that hide buttons. */
export function ActionButton({ href, label, texts }: { href: string; label: string; texts: MailTexts }) {
  return (
    <>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={href} style={styles.button}>
          {label}
        </Button>
      </Section>
      <Text style={styles.dimmed} className={HTML_ONLY_CLASS}>
        {texts.linkFallback}
        <br />
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </>
  );
}
