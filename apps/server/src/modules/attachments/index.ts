export { attachmentsModule } from './attachments.module';
export { attachToMessage, carrierMediaUrls } from './attach-to-message';
export { afterInboundMedia } from './after-inbound-media';
export { keepPicture, type KeptPicture } from './picture';
export { sniffAttachmentType } from './sniff-type';
