// Guards every web contents the app creates: no webviews, no navigation, no new windows (http(s)
// and mailto links go to the system browser after a check), and the app session's permissions
// limited to what the UI needs.
import type { IpcMainInvokeEvent, Session, WebContents } from 'electron';
import { type AppLocation, appFrameNavigationAllowed, appPermissionAllowed, isSafeExternalUrl, isTrustedSender } from './policies';

export interface GuardDeps {
  openExternal: (url: string) => Promise<void>;
  /** The hidden render windows: they follow their own navigation rules (render-window.ts). */
  isRenderContents: (contents: WebContents) => boolean;
}

/** For `app.on('web-contents-created')`: every web contents the app ever creates. */
export function guardWebContents(contents: WebContents, deps: GuardDeps): void {
  contents.on('will-attach-webview', (event) => event.preventDefault());
  if (deps.isRenderContents(contents)) {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    return;
  }
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-frame-navigate', (event) => {
    if (!appFrameNavigationAllowed(event.isMainFrame, event.url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void deps.openExternal(url).catch(() => undefined);
    return { action: 'deny' };
  });
}

export function guardAppSession(ses: Session, location: AppLocation): void {
  ses.setPermissionRequestHandler((contents, permission, callback) => callback(appPermissionAllowed(permission, contents.getURL(), location)));
  ses.setPermissionCheckHandler((contents, permission) => appPermissionAllowed(permission, contents?.getURL(), location));
  ses.setDevicePermissionHandler(() => false);
  ses.on('will-download', (event) => event.preventDefault());
}

/** The IPC sender check: the app window's top frame, showing the app's own page. */
export function trustedSenderCheck(appWindow: () => WebContents | null, location: AppLocation) {
  return (event: IpcMainInvokeEvent): boolean => {
    const window = appWindow();
    const frame = event.senderFrame;
    return isTrustedSender(
      {
        fromAppWindow: window !== null && event.sender === window,
        fromMainFrame: frame !== null && frame !== undefined && frame === event.sender.mainFrame,
        frameUrl: frame?.url,
      },
      location,
    );
  };
}
