// Verify a published raffle drawing in the browser: a faithful port of licensing/reports/drawings/engine.py
// (format "raffle-drawing/1", ../shared/formats/raffle-drawing.md, and "raffle-drawing/2", the witnessed drawing of
// docs/formats/raffle-drawing-2.md). From the published seed and ticket list it recomputes the commitment
// sha256(seed), the tickets hash sha256("t1,t2,...") of the sorted tickets, and the winners drawn by
// HMAC-SHA256(key, "<tickets_hash>:<counter>") with rejection sampling, the key being the seed (/1) or
// HMAC-SHA256(seed, "raffle-drawing/2:<tickets_hash>:<witness>") (/2, whose record must show the witness value entered
// once, after sales closed); then it compares them with the published values, field by field in the command's order
// (commitment, tickets_hash, record for /2, winners).
// Pure JavaScript (SHA-256 below, BigInt): no server call, and it works without a secure context.
(function (root) {
  "use strict";

  var FORMAT = "raffle-drawing/1";
  var FORMAT_WITNESSED = "raffle-drawing/2";
  var SEED_BYTES = 32;
  // raffle-drawing/2: the witness value (25 to 100 dice, or 11 to 75 balls of a 75-ball blower) and the record.
  var DICE = /^d6:[1-6]{25,100}$/;
  var BALLS = /^b75:[1-9][0-9]?(?:-[1-9][0-9]?){10,74}$/;
  var BALL_TOP = 75;
  var WITNESS_NAME_MAX = 200;
  var RECORD_KINDS = ["scheduled", "sales_closed", "witnessed", "drawn"];
  var RECORD_TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}Z$/;
  var SPACE = BigInt(2) ** BigInt(256); // an HMAC-SHA256 output read as a big-endian integer

  // --- SHA-256 (FIPS 180-4) and HMAC (RFC 2104) over Uint8Array ---
  var K = new Uint32Array([
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
  ]);

  function rotr(x, n) { return (x >>> n) | (x << (32 - n)); }

  function sha256(bytes) {
    var length = bytes.length;
    var padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[length] = 0x80;
    var bits = length * 8;
    var view = new DataView(padded.buffer);
    view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
    view.setUint32(padded.length - 4, bits >>> 0);
    var h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
    var w = new Uint32Array(64);
    for (var offset = 0; offset < padded.length; offset += 64) {
      for (var i = 0; i < 16; i++) { w[i] = view.getUint32(offset + 4 * i); }
      for (i = 16; i < 64; i++) {
        var s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        var s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
      for (i = 0; i < 64; i++) {
        var t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
        hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
      }
      h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
    }
    var out = new Uint8Array(32);
    var outView = new DataView(out.buffer);
    for (var j = 0; j < 8; j++) { outView.setUint32(4 * j, h[j]); }
    return out;
  }

  function hmacSha256(key, message) {
    var block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256(key) : key);
    var inner = new Uint8Array(64 + message.length);
    var outer = new Uint8Array(64 + 32);
    for (var i = 0; i < 64; i++) { inner[i] = block[i] ^ 0x36; outer[i] = block[i] ^ 0x5c; }
    inner.set(message, 64);
    outer.set(sha256(inner), 64);
    return sha256(outer);
  }

  function hex(bytes) {
    var text = "";
    for (var i = 0; i < bytes.length; i++) { text += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16); }
    return text;
  }

  function ascii(text) {
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) { bytes[i] = text.charCodeAt(i); }
    return bytes;
  }

  // --- the format: validation names the field, as the command's exit status 2 does ---
  function Malformed(field, message) {
    this.field = field;
    this.message = field + ": " + message;
  }

  function isInteger(value) { return typeof value === "number" && Number.isSafeInteger(value); }

  function seedBytes(seed) {
    if (typeof seed !== "string" || !/^[0-9a-f]{64}$/.test(seed)) {
      throw new Malformed("seed", "the seed is 64 lowercase hex characters (32 bytes)");
    }
    var bytes = new Uint8Array(SEED_BYTES);
    for (var i = 0; i < SEED_BYTES; i++) { bytes[i] = parseInt(seed.substr(2 * i, 2), 16); }
    return bytes;
  }

  function checkTickets(tickets) {
    if (!Array.isArray(tickets) || tickets.length === 0) {
      throw new Malformed("tickets", "give the eligible ticket numbers as a non-empty list of integers");
    }
    if (!tickets.every(isInteger)) { throw new Malformed("tickets", "every ticket number is an integer"); }
    var seen = new Set();
    for (var i = 0; i < tickets.length; i++) {
      if (seen.has(tickets[i])) { throw new Malformed("tickets", "ticket " + tickets[i] + " is listed twice"); }
      seen.add(tickets[i]);
    }
    return tickets;
  }

  function checkPrizes(prizes, tickets) {
    if (!isInteger(prizes) || prizes < 1 || prizes > tickets.length) {
      throw new Malformed("prizes", "the number of prizes is a whole number from 1 to " + tickets.length);
    }
    return prizes;
  }

  function sorted(tickets) { return tickets.slice().sort(function (x, y) { return x - y; }); }

  function commitmentOf(seed) { return hex(sha256(seed)); }

  function ticketsHashOf(tickets) { return hex(sha256(ascii(sorted(tickets).map(String).join(",")))); }

  // The draw both formats share; the key is the seed (/1) or witnessKey (/2).
  function drawWinners(tickets, prizes, key) {
    var pool = sorted(tickets);
    var ticketsHash = ticketsHashOf(tickets);
    var counter = 0;
    var winners = [];
    for (var prize = 0; prize < prizes; prize++) {
      var n = BigInt(pool.length);
      var limit = (SPACE / n) * n;
      var r;
      for (;;) {
        r = BigInt("0x" + hex(hmacSha256(key, ascii(ticketsHash + ":" + counter))));
        counter += 1;
        if (r < limit) { break; }
      }
      winners.push(pool.splice(Number(r % n), 1)[0]);
    }
    return winners;
  }

  function draw(tickets, prizes, seed) {
    tickets = checkTickets(tickets);
    prizes = checkPrizes(prizes, tickets);
    var key = seedBytes(seed);
    return { commitment: commitmentOf(key), tickets_hash: ticketsHashOf(tickets),
             winners: drawWinners(tickets, prizes, key) };
  }

  // --- raffle-drawing/2 ---
  function checkWitness(witness) {
    if (typeof witness !== "string" || !(witness.indexOf("d6:") === 0 || witness.indexOf("b75:") === 0)) {
      throw new Malformed("witness", 'the witness value is "d6:" and the dice read in order, or "b75:" and the ' +
                          "balls drawn in order, joined by -");
    }
    if (witness.indexOf("d6:") === 0 && !DICE.test(witness)) {
      throw new Malformed("witness", "dice are written as the digits 1 to 6, one per die, at least 25 and at most " +
                          "100 of them");
    }
    if (witness.indexOf("b75:") === 0) {
      if (!BALLS.test(witness)) {
        throw new Malformed("witness", "balls are numbers from 1 to 75 without leading zeros, joined by -, at " +
                            "least 11 and at most 75 of them");
      }
      var balls = witness.slice(4).split("-").map(Number);
      var seen = new Set();
      for (var i = 0; i < balls.length; i++) {
        if (balls[i] > BALL_TOP) {
          throw new Malformed("witness", "ball " + balls[i] + " is not one of the balls 1 to 75");
        }
      }
      for (i = 0; i < balls.length; i++) {
        if (seen.has(balls[i])) {
          throw new Malformed("witness", "ball " + balls[i] + " is drawn twice: a ball drawn is not put back");
        }
        seen.add(balls[i]);
      }
    }
    return witness;
  }

  function checkWitnessName(name) {
    var points = typeof name === "string" ? Array.from(name) : null;
    if (points === null || name.replace(/ /g, "") === "" || points.length > WITNESS_NAME_MAX ||
        points.some(function (c) { var code = c.codePointAt(0); return code < 32 || (code >= 127 && code < 160); })) {
      throw new Malformed("witness_name", "the witness's name is text of 1 to 200 characters, without control " +
                          "characters");
    }
    return name;
  }

  function checkRecord(record) {
    var shaped = Array.isArray(record) && record.every(function (entry) {
      return entry !== null && typeof entry === "object" && !Array.isArray(entry) &&
        Object.keys(entry).sort().join(",") === "at,kind,seq";
    });
    if (!shaped) { throw new Malformed("record", 'the record is a list of {"seq": n, "kind": "...", "at": "..."}'); }
    record.forEach(function (entry) {
      if (!isInteger(entry.seq) || typeof entry.kind !== "string" || typeof entry.at !== "string" ||
          !RECORD_TIME.test(entry.at)) {
        throw new Malformed("record", "each entry has a whole number seq, a kind and a UTC time written " +
                            "YYYY-MM-DDTHH:MM:SS.ffffffZ");
      }
    });
    return record;
  }

  function recordInOrder(record) {
    return record.length === RECORD_KINDS.length && record.every(function (entry, i) {
      return entry.kind === RECORD_KINDS[i] && entry.seq === i + 1 && (i === 0 || record[i - 1].at <= entry.at);
    });
  }

  function witnessKey(seed, ticketsHash, witness) {
    return hmacSha256(seed, ascii(FORMAT_WITNESSED + ":" + ticketsHash + ":" + witness));
  }

  function drawWitnessed(tickets, prizes, seed, witness) {
    tickets = checkTickets(tickets);
    prizes = checkPrizes(prizes, tickets);
    var committed = seedBytes(seed);
    witness = checkWitness(witness);
    var ticketsHash = ticketsHashOf(tickets);
    return { commitment: commitmentOf(committed), tickets_hash: ticketsHash,
             winners: drawWinners(tickets, prizes, witnessKey(committed, ticketsHash, witness)) };
  }

  function same(a, b) {
    if (Array.isArray(a) || Array.isArray(b)) {
      return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
        a.every(function (value, i) { return value === b[i]; });
    }
    return a === b;
  }

  // null when the published drawing recomputes, else the first field that does not match; throws Malformed.
  function verify(published) {
    if (published === null || typeof published !== "object" || Array.isArray(published)) {
      throw new Malformed("drawing", "a published drawing is one JSON object");
    }
    var found, fields;
    if (published.format === FORMAT) {
      found = draw(published.tickets, published.prizes, published.seed);
      fields = ["commitment", "tickets_hash", "winners"];
    } else if (published.format === FORMAT_WITNESSED) {
      found = drawWitnessed(published.tickets, published.prizes, published.seed, published.witness);
      checkWitnessName(published.witness_name);
      found.record = recordInOrder(checkRecord(published.record));
      fields = ["commitment", "tickets_hash", "record", "winners"];
    } else {
      throw new Malformed("format", 'the format is "' + FORMAT + '" or "' + FORMAT_WITNESSED + '"');
    }
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      var matches = field === "record" ? found.record : same(published[field], found[field]);
      if (!matches) { return { mismatch: field, found: found }; }
    }
    return { mismatch: null, found: found };
  }

  var api = { FORMAT: FORMAT, FORMAT_WITNESSED: FORMAT_WITNESSED, Malformed: Malformed, sha256: sha256,
              hmacSha256: hmacSha256, draw: draw, drawWitnessed: drawWitnessed, verify: verify, hex: hex };
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }

  // --- the public raffle page: the "Verify in your browser" button ---
  function wire() {
    var button = document.getElementById("raffle-verify");
    var data = document.getElementById("raffle-published");
    var result = document.getElementById("raffle-verify-result");
    if (!button || !data || !result) { return; }
    var words = result.dataset;
    button.addEventListener("click", function () {
      var text;
      try {
        var outcome = verify(JSON.parse(data.textContent));
        if (outcome.mismatch === null) {
          text = words.verified.replace("%(winners)s", outcome.found.winners.join(", "));
          result.className = "verify-result verified";
        } else {
          text = words.mismatch.replace("%(field)s", outcome.mismatch);
          result.className = "verify-result mismatch";
        }
      } catch (error) {
        text = words.malformed.replace("%(message)s", error.message);
        result.className = "verify-result mismatch";
      }
      result.textContent = text;
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", wire); } else { wire(); }
})(this);
