import { useEffect, useRef, useState } from 'react';

/** A finished browser recording: its audio and length in seconds. */
export type Recording = { audio: Blob; durationSeconds: number };

/**
 * Records the microphone with MediaRecorder (the browser's own codec, WebM/Opus in Chromium and
 * Firefox). `start` asks for the microphone; `stop` ends the recording and hands it to `onDone`.
 * `error` is set when the microphone is refused or MediaRecorder is missing. The tracks are
 * stopped when the recording ends or the component goes, so the browser's mic light goes out.
 */
export function useAudioRecorder(onDone: (recording: Recording) => void) {
  const [recording, setRecording] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(
    () => () => {
      recorder.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const start = async () => {
    setError(null);
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setError('unsupported');
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const media = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      const startedAt = performance.now();
      media.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      media.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        recorder.current = null;
        setRecording(false);
        done.current({
          audio: new Blob(chunks, { type: media.mimeType || 'audio/webm' }),
          durationSeconds: (performance.now() - startedAt) / 1000,
        });
      };
      recorder.current = media;
      media.start();
      setRecording(true);
    } catch {
      setError('denied');
    }
  };

  const stop = () => recorder.current?.stop();
  return { recording, error, start, stop };
}

/** The length of an audio file in seconds, read by the browser (null when it cannot tell within 3 s). */
export function audioDuration(audio: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(audio);
    const element = new Audio();
    const finish = (value: number | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), 3000);
    element.preload = 'metadata';
    element.onloadedmetadata = () => finish(Number.isFinite(element.duration) ? element.duration : null);
    element.onerror = () => finish(null);
    element.src = url;
  });
}
