// Entry of inspector.html (development only): listens on the inspector channel, asks
// the open portal tabs for what happened so far, and draws it.
import { StrictMode, useEffect, useReducer } from 'react';
import { createRoot } from 'react-dom/client';
import { INSPECTOR_CHANNEL, type InspectorMessage } from './inspector-protocol.ts';
import { InspectorView, emptyInspector, inspectorReducer } from './inspector-view.tsx';

function Inspector() {
  const [state, dispatch] = useReducer(inspectorReducer, emptyInspector);
  useEffect(() => {
    const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
    channel.onmessage = (message: MessageEvent<InspectorMessage>) => dispatch(message.data);
    channel.postMessage({ kind: 'hello' } satisfies InspectorMessage);
    return () => channel.close();
  }, []);
  return <InspectorView actors={state.actors} />;
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Inspector />
    </StrictMode>,
  );
}
