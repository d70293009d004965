import type { Page } from '@playwright/test';

/**
 * Audio bytes one end of a sandbox call has received so far: the inbound RTP stats of its WebRTC
 * connection (`window.__sandboxVoicePeers[role]`, set by the web's WebRTC leg); 0 until connected.
 */
export async function audioBytesReceived(page: Page, role: 'staff' | 'phone'): Promise<number> {
  return page.evaluate(async (which) => {
    const peer = (window as { __sandboxVoicePeers?: Record<string, RTCPeerConnection> })
      .__sandboxVoicePeers?.[which];
    if (!peer || peer.connectionState !== 'connected') return 0;
    let bytes = 0;
    (await peer.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'audio') bytes += report.bytesReceived ?? 0;
    });
    return bytes;
  }, role);
}
