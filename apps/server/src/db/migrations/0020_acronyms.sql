-- Từ viết tắt (issue 15): each facility's abbreviations that the searches expand, and the common ones for every
-- facility already there (new facilities get them from copyReferenceCatalogs, db/reference-catalogs.ts).
CREATE TABLE "acronyms" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"key_search" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acronyms_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "acronyms" ADD CONSTRAINT "acronyms_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acronyms_facility_key_uq" ON "acronyms" USING btree ("facility_id","key_search");--> statement-breakpoint
CREATE INDEX "acronyms_search_trgm" ON "acronyms" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "acronyms" ("facility_id", "code", "name", "key_search", "search_text")
SELECT f.id, a.code, a.name, a.key_search, a.search_text
FROM "facilities" f CROSS JOIN (VALUES
  ('SA', 'Siêu âm', 'sa', 'sa sieu am'),
  ('XN', 'Xét nghiệm', 'xn', 'xn xet nghiem'),
  ('CT', 'Chụp cắt lớp vi tính', 'ct', 'ct chup cat lop vi tinh'),
  ('CLVT', 'Cắt lớp vi tính', 'clvt', 'clvt cat lop vi tinh'),
  ('NS', 'Nội soi', 'ns', 'ns noi soi'),
  ('XQ', 'X-quang', 'xq', 'xq x-quang'),
  ('MRI', 'Cộng hưởng từ', 'mri', 'mri cong huong tu'),
  ('CHT', 'Cộng hưởng từ', 'cht', 'cht cong huong tu'),
  ('ĐTĐ', 'Điện tâm đồ', 'dtd', 'dtd dien tam do'),
  ('ECG', 'Điện tâm đồ', 'ecg', 'ecg dien tam do'),
  ('ĐNĐ', 'Điện não đồ', 'dnd', 'dnd dien nao do'),
  ('EEG', 'Điện não đồ', 'eeg', 'eeg dien nao do'),
  ('DSA', 'Chụp mạch số hoá xoá nền', 'dsa', 'dsa chup mach so hoa xoa nen'),
  ('CTM', 'Công thức máu', 'ctm', 'ctm cong thuc mau'),
  ('TPTNT', 'Tổng phân tích nước tiểu', 'tptnt', 'tptnt tong phan tich nuoc tieu'),
  ('HA', 'Huyết áp', 'ha', 'ha huyet ap'),
  ('TMH', 'Tai mũi họng', 'tmh', 'tmh tai mui hong'),
  ('RHM', 'Răng hàm mặt', 'rhm', 'rhm rang ham mat'),
  ('PHCN', 'Phục hồi chức năng', 'phcn', 'phcn phuc hoi chuc nang'),
  ('YHCT', 'Y học cổ truyền', 'yhct', 'yhct y hoc co truyen'),
  ('KSK', 'Khám sức khoẻ', 'ksk', 'ksk kham suc khoe'),
  ('NSDD', 'Nội soi dạ dày', 'nsdd', 'nsdd noi soi da day')
) AS a(code, name, key_search, search_text)
ON CONFLICT ("facility_id", "key_search") DO NOTHING;
