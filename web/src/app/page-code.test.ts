import { afterEach, describe, expect, it } from "vitest";
import { fetchPageCode } from "./page-code";

const preloads = () =>
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );

describe("a page's code listed for after its first paint (page-code.ts)", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  it("is inert in its template, and preloaded in the page's order once taken out", () => {
    document.head.innerHTML = `<template id="page-code">
      <link rel="modulepreload" href="/assets/react.js"><link rel="modulepreload" href="/assets/login.js">
    </template>`;
    expect(preloads()).toEqual([]);

    fetchPageCode(document);

    expect(preloads()).toEqual(["/assets/react.js", "/assets/login.js"]);
    expect(document.getElementById("page-code")).toBeNull();
  });

  it("leaves a page that named its code in the open as it is", () => {
    document.head.innerHTML = `<link rel="modulepreload" href="/assets/dashboard.js">`;
    fetchPageCode(document);
    fetchPageCode(document);
    expect(preloads()).toEqual(["/assets/dashboard.js"]);
  });
});
