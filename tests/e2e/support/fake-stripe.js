// A stand-in for Stripe.js, served by Playwright in place of https://js.stripe.com/… (which these
// machines cannot reach). Like Stripe.js it posts form-encoded requests with the publishable key
// to https://api.stripe.com/v1, which the test routes to the local Stripe fake. The card widget is
// plain inputs instead of Stripe's iframe.
(function () {
  var API = "https://api.stripe.com/v1";

  function post(key, path, fields) {
    var body = new URLSearchParams(Object.assign({ key: key }, fields));
    return fetch(API + path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body,
    }).then(function (response) {
      return response.json().then(function (json) {
        return { ok: response.ok, json: json };
      });
    });
  }

  function input(label, placeholder) {
    var field = document.createElement("input");
    field.setAttribute("aria-label", label);
    field.placeholder = placeholder;
    field.autocomplete = "off";
    field.style.cssText = "border:0;min-width:4em;flex:1;font:inherit";
    return field;
  }

  function createCard() {
    var handlers = {};
    var fields = null;
    var root = null;
    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }
    function values() {
      var expiry = (fields.expiry.value || "").split("/");
      return {
        number: fields.number.value.replace(/\s+/g, ""),
        exp_month: (expiry[0] || "").trim(),
        exp_year: (expiry[1] || "").trim(),
        cvc: fields.cvc.value.trim(),
        postal: fields.postal.value.trim(),
      };
    }
    var card = {
      mount: function (target) {
        var container = typeof target === "string" ? document.querySelector(target) : target;
        root = document.createElement("div");
        root.style.cssText = "display:flex;gap:.5em";
        fields = {
          number: input("Card number", "1234 1234 1234 1234"),
          expiry: input("Expiration date", "MM / YY"),
          cvc: input("CVC", "CVC"),
          postal: input("ZIP", "ZIP"),
        };
        Object.keys(fields).forEach(function (name) {
          root.appendChild(fields[name]);
          fields[name].addEventListener("input", function () {
            var v = values();
            emit("change", {
              elementType: "card",
              empty: !v.number,
              complete: v.number.length >= 15 && !!v.exp_year && !!v.cvc,
              error: undefined,
              brand: "visa",
            });
          });
        });
        container.appendChild(root);
        setTimeout(function () {
          emit("ready", card);
        });
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return card;
      },
      once: function (event, handler) {
        return card.on(event, handler);
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== handler;
        });
        return card;
      },
      update: function () {},
      focus: function () {
        if (fields) fields.number.focus();
      },
      blur: function () {},
      clear: function () {},
      unmount: function () {
        if (root) root.remove();
      },
      destroy: function () {
        if (root) root.remove();
      },
      _values: values,
    };
    return card;
  }

  window.Stripe = function (key) {
    var card = null;
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function () {
        return {
          create: function () {
            card = createCard();
            return card;
          },
          getElement: function () {
            return card;
          },
          update: function () {},
        };
      },
      createToken: function () {
        return Promise.resolve({
          error: { type: "invalid_request_error", message: "Tokens are not supported by the test double." },
        });
      },
      createPaymentMethod: function (options) {
        var v = options.card._values();
        var billing = options.billing_details || {};
        return post(key, "/payment_methods", {
          type: "card",
          "card[number]": v.number,
          "card[exp_month]": v.exp_month,
          "card[exp_year]": v.exp_year,
          "card[cvc]": v.cvc,
          "billing_details[name]": billing.name || "",
          "billing_details[email]": billing.email || "",
          "billing_details[address][postal_code]": v.postal,
        }).then(function (result) {
          return result.ok ? { paymentMethod: result.json } : { error: result.json.error };
        });
      },
      confirmCardPayment: function (clientSecret, data) {
        var intentId = clientSecret.split("_secret_")[0];
        return post(key, "/payment_intents/" + intentId + "/confirm", {
          client_secret: clientSecret,
          payment_method: data.payment_method,
        }).then(function (result) {
          return result.ok ? { paymentIntent: result.json } : { error: result.json.error };
        });
      },
    };
  };
  window.Stripe.version = "endive";
})();
