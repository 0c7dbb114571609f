import { useEffect, useRef, useState } from 'react';
import { T } from './messages';

/** The browser's barcode detector (Chromium on Android, ChromeOS, macOS): not in TypeScript's DOM types yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}
const detectorClass = () => (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** True once it is known that this browser detects QR codes and has a camera API. */
export function useQrCameraSupport(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector || !navigator.mediaDevices?.getUserMedia) return;
    let live = true;
    Detector.getSupportedFormats()
      .then((formats) => live && setSupported(formats.includes('qr_code')))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

/** The camera's view until a QR is read (then the camera is stopped) or the patient goes back. */
export function CameraScan({ onResult, onBack }: { onResult: (text: string) => void; onBack: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
    };
    const Detector = detectorClass();
    if (!Detector) {
      setFailed(true);
      return;
    }
    const detector = new Detector({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue && !stopped) {
          stop();
          onResult(code.rawValue);
          return;
        }
      } catch {
        // a frame not ready yet
      }
      if (!stopped) timer = setTimeout(look, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        if (stopped) {
          for (const track of s.getTracks()) track.stop();
          return;
        }
        stream = s;
        video.current!.srcObject = s;
        await video.current!.play();
        void look();
      })
      .catch(() => {
        if (!stopped) setFailed(true);
      });
    return stop;
  }, []);

  return (
    <div className="ks-camera" data-testid="camera-scan">
      <h2 className="ks-title">{T.camera}</h2>
      {failed ? (
        <p className="ks-error-text" role="alert">
          {T.cameraFailed}
        </p>
      ) : (
        <>
          <p className="ks-hint">{T.cameraHint}</p>
          <video ref={video} className="ks-video" muted playsInline />
        </>
      )}
      <div className="ks-actions">
        <button type="button" className="ks-button ks-button-quiet" onClick={onBack}>
          {T.back}
        </button>
      </div>
    </div>
  );
}
