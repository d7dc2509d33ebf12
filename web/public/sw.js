/* global self, fetch, URL, atob */
// Aylal's service worker (decision 014): Web Push only, no caching of pages or assets.
// - push: a page of ours that is visible gets the push as a message (it shows a 5000 ms toast);
//   otherwise a system notification with icon /logo.png and the notification's id as its tag.
// - notificationclick: focuses a tab of ours on the page the notification is about, or opens one.
// - pushsubscriptionchange: subscribes again with the VAPID key and sends the new subscription.
'use strict';

self.addEventListener('install', function () {
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

/** The push's { title, body, url, tag }; a push that is not ours to read still shows something. */
function readPush(event) {
  var fallback = { title: 'Aylal', body: '', url: '/', tag: '' };
  if (!event.data) return fallback;
  try {
    var data = event.data.json();
    return {
      title: typeof data.title === 'string' ? data.title : fallback.title,
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' && data.url.charAt(0) === '/' ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : '',
    };
  } catch {
    return fallback;
  }
}

function ourWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (list) {
    var origin = self.location.origin;
    return list.filter(function (client) {
      return new URL(client.url).origin === origin;
    });
  });
}

self.addEventListener('push', function (event) {
  var push = readPush(event);
  event.waitUntil(
    ourWindows().then(function (windows) {
      var visible = windows.filter(function (client) {
        return client.visibilityState === 'visible';
      });
      var target =
        visible.find(function (client) {
          return client.focused;
        }) || visible[0];
      if (target) {
        target.postMessage({ type: 'aylal:push', push: push });
        return undefined;
      }
      var options = { body: push.body, icon: '/logo.png', data: { url: push.url } };
      if (push.tag) options.tag = push.tag;
      return self.registration.showNotification(push.title, options);
    }),
  );
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var data = event.notification.data || {};
  var target = new URL(typeof data.url === 'string' ? data.url : '/', self.location.origin);
  // A page of this site only, as web/src/lib/same-origin-path.ts decides for the app (which this
  // unbundled worker cannot import).
  var ours = target.origin === self.location.origin && !target.pathname.startsWith('//');
  var url = ours ? target.href : new URL('/', self.location.origin).href;
  event.waitUntil(
    ourWindows().then(function (windows) {
      var same = windows.find(function (client) {
        return client.url === url;
      });
      if (same) return same.focus();
      var open = windows[0];
      if (open) {
        return open.focus().then(function (client) {
          // Only a page this worker controls can be navigated; otherwise a new tab.
          return (client || open).navigate(url).catch(function () {
            return self.clients.openWindow(url);
          });
        });
      }
      return self.clients.openWindow(url);
    }),
  );
});

function keyBytes(base64Url) {
  var base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  var raw = atob(base64);
  var bytes = new Uint8Array(raw.length);
  for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sendToApi(method, body) {
  return fetch('/api/push/subscriptions', {
    method: method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

self.addEventListener('pushsubscriptionchange', function (event) {
  event.waitUntil(
    (event.newSubscription
      ? Promise.resolve(event.newSubscription)
      : fetch('/api/config', { credentials: 'same-origin' })
          .then(function (response) {
            return response.json();
          })
          .then(function (config) {
            return self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: keyBytes(config.vapidPublicKey),
            });
          })
    )
      .then(function (subscription) {
        return sendToApi('POST', subscription.toJSON());
      })
      .then(function () {
        if (event.oldSubscription) return sendToApi('DELETE', { endpoint: event.oldSubscription.endpoint });
        return undefined;
      })
      .catch(function () {
        // Signed out, offline: the page sends the subscription again when it next starts.
      }),
  );
});
