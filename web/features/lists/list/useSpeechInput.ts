import { useRef, useState } from 'react';
import { SPEECH_LANGUAGE } from '../../../../common/constants.ts';
import { MESSAGES } from '../../../../common/messages.ts';
import { notify } from '../../../core/store/toasts.ts';

/** The part of the Web Speech API we use (not in every TypeScript DOM library). */
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  const scope = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** Voice input: one phrase, en-US, no interim results; a fixed message on failure. */
export function useSpeechInput(onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const current = useRef<Recognition | null>(null);

  function start() {
    const Constructor = recognitionConstructor();
    if (!Constructor) return notify(MESSAGES.speechUnsupported, 'error');
    if (current.current) return current.current.stop();
    const recognition = new Constructor();
    recognition.lang = SPEECH_LANGUAGE;
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript.trim();
      if (transcript) onText(transcript);
    };
    recognition.onerror = (event) => {
      const denied = event.error === 'not-allowed' || event.error === 'service-not-allowed';
      if (event.error !== 'aborted' && event.error !== 'no-speech') {
        notify(denied ? MESSAGES.microphoneDenied : MESSAGES.speechError + event.error, 'error');
      }
    };
    recognition.onend = () => {
      current.current = null;
      setListening(false);
    };
    current.current = recognition;
    setListening(true);
    recognition.start();
  }

  return { listening, start };
}
